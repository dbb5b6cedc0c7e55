/** Integration tests boot the real app against PostgreSQL and Redis. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  // ESM-only packages Node 20 requires natively (require(esm)) but Jest's
  // module loader cannot before Node 24.9: compiled to CommonJS here.
  // NestJS 12 and noble/scure 2 (in @app/domain) are ESM-only; @fastify/static
  // requires content-disposition.
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/)?(content-disposition|@nestjs|@noble|@scure))',
  ],
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
