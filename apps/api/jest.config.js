/** Integration tests boot the real app against PostgreSQL and Redis. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  // @fastify/static requires content-disposition, which ships only as ESM;
  // Node loads it natively, Jest needs it compiled.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?content-disposition)'],
  transform: {
    '^.+\\.(ts|js)$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: true,
            useDefineForClassFields: false,
          },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  // Hooks too: a suite boots an app, a worker and a TRON node, slow on a busy 2-core machine.
  testTimeout: 60000,
  // BullMQ's blocking Redis connections can outlive close() by a moment; never let CI hang on them.
  forceExit: true,
};
