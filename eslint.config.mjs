import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { URL, fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const absolute = (path) => fileURLToPath(new URL(path, import.meta.url));
const WEB = './apps/web/src';
const API = './apps/api/src';
const webFeatures = dirs(`${WEB}/features`);
const ADMIN = `${WEB}/features/admin`;
/** The console's areas: one folder per API area, beside shared/ and pages/. */
const adminAreas = dirs(ADMIN).filter((area) => !['shared', 'pages'].includes(area));
const apiModules = dirs(`${API}/modules`);

/**
 * The layers, kept by the linter (bulletproof-react's model): a web feature
 * never imports another feature (nor, inside features/admin, a console area
 * another area), shared web code never imports a feature or
 * the app shell, libs/domain imports nothing of the apps; in the API the
 * ledger imports no module, no module reaches into another's entities or
 * repositories (call the owner's exported service), the infrastructure
 * floor (infra/) imports no module and no composition root, and common/,
 * config/ and database/ import neither a module nor the floor (issue 42).
 */
const boundaries = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move shared code to components/ or lib/.',
  })),
  // Inside the console (issue 42), the same rule one level down: an area
  // (features/admin/<area>, one per API area) imports only itself and
  // admin/shared; shared imports no area. Both zones take all of admin/ as
  // `from`, so neither may import pages/ (the screens that gather several
  // areas' sections for the router), which alone imports areas.
  ...adminAreas.map((area) => ({
    target: `${ADMIN}/${area}`,
    from: ADMIN,
    except: [`./${area}`, './shared'],
    message:
      'A console area never imports another area: move shared pieces to admin/shared, or gather the sections in admin/pages.',
  })),
  {
    target: `${ADMIN}/shared`,
    from: ADMIN,
    except: ['./shared'],
    message: "admin/shared is the console's floor: it imports no area and no page.",
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared web code (components/, lib/) never imports features or the app shell.',
  },
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features never import the app shell.',
  },
  {
    target: './libs/domain',
    from: ['./apps', './libs/contracts'],
    message: 'libs/domain is pure rules: it imports nothing of the apps.',
  },
  {
    target: `${API}/modules/ledger`,
    from: `${API}/modules`,
    except: ['./ledger'],
    message: 'The ledger imports no module: modules call the ledger, never the reverse.',
  },
  {
    target: `${API}/infra`,
    from: [
      `${API}/modules/**`,
      `${API}/*.ts`,
      `${API}/worker/**`,
      `${API}/seed/**`,
      `${API}/tools/**`,
    ],
    message:
      'infra/ is the floor: it imports no business module and no composition root (the roots wire the floor to the business).',
  },
  {
    target: [`${API}/common`, `${API}/database`, `${API}/config`],
    from: [`${API}/modules`, `${API}/infra`],
    message:
      'common/, config/ and database/ sit below the floor and the modules and import neither.',
  },
  ...apiModules.map((module) => ({
    target: `${API}/modules/${module}`,
    from: [
      `${API}/modules/*/*.entity.ts`,
      `${API}/modules/*/*.entities.ts`,
      `${API}/modules/*/*.repository.ts`,
    ],
    except: [`${absolute(`${API}/modules/${module}`)}/**`],
    message: "A module never touches another module's tables: call the owner's exported service.",
  })),
];

/**
 * SQL lives in repositories (issue 26): in the API, `.query(`,
 * `createQueryBuilder`, `getRepository` and `preparedQuery` are called only
 * in `*.repository.ts` files and in database/, seed/ and tools/. The
 * ledger's SQL function (ledger_post) is the one exception: LedgerService
 * calls it through preparedQuery.
 */
const SQL_CALLS = {
  query: {
    selector: "CallExpression[callee.property.name='query']",
    message: "SQL belongs in the owning module's *.repository.ts (issue 26).",
  },
  queryBuilder: {
    selector: "CallExpression[callee.property.name='createQueryBuilder']",
    message: "Query builders belong in the owning module's *.repository.ts (issue 26).",
  },
  getRepository: {
    selector: "CallExpression[callee.property.name='getRepository']",
    message: "Entity access belongs in the owning module's *.repository.ts (issue 26).",
  },
  prepared: {
    selector: "CallExpression[callee.name='preparedQuery']",
    message: "Prepared statements belong in the owning module's *.repository.ts (issue 26).",
  },
};

/**
 * One typed door for jobs (issue 42): a job goes onto a BullMQ queue only
 * through JobQueue.enqueue (infra/jobs/job-queue.ts, the door's own file
 * and the only one let off), with a name and payload of
 * infra/jobs/job-payloads.ts. Elsewhere in the API a producer cannot be had
 * (no `Queue` value from bullmq, so no `new Queue`; no `@InjectQueue`, no
 * `getQueueToken`) and no `.addBulk(` is called.
 */
const JOB_DOOR = 'apps/api/src/infra/jobs/job-queue.ts';
const JOB_DOOR_MESSAGE = 'Jobs go onto a queue through JobQueue.enqueue (infra/jobs/job-queue.ts).';
const JOB_ADDS = [{ property: 'addBulk', message: JOB_DOOR_MESSAGE }];
/**
 * The two readers of queue counts (metrics and the admin dashboard) keep
 * `@InjectQueue`: they read the counts of queues they do not own, and a
 * counter has no reason to go through the door. They may not add: `.add(`
 * and `.addBulk(` are refused in these files.
 */
const QUEUE_COUNT_READERS = [
  'apps/api/src/modules/metrics/metrics.service.ts',
  'apps/api/src/modules/dashboard/dashboard.service.ts',
];
const jobImports = (injectQueue) => [
  'error',
  {
    paths: [
      {
        name: 'bullmq',
        importNames: ['Queue', 'FlowProducer'],
        allowTypeImports: true,
        message: JOB_DOOR_MESSAGE,
      },
      {
        name: '@nestjs/bullmq',
        importNames: [
          ...(injectQueue ? [] : ['InjectQueue']),
          'InjectFlowProducer',
          'getQueueToken',
          'getFlowProducerToken',
        ],
        message: JOB_DOOR_MESSAGE,
      },
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'libs/contracts/src/generated/**',
      '**/coverage/**',
      // Playwright's output while a run is going (traces hold the built scripts).
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    // A web feature's API calls and the cache updates that follow them live in
    // its api/ folder (issue 26): pages and components import hooks from
    // ./api, never the generated client or the query client. Types are free.
    // A console area's api/ is features/admin/<area>/api (issue 42).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**/api/**', 'apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@app/contracts',
              allowTypeImports: true,
              message: "Call the API through the feature's api/ folder (import from './api').",
            },
            {
              name: '@tanstack/react-query',
              importNames: ['useQueryClient', 'useQuery', 'useMutation', 'useInfiniteQuery'],
              allowTypeImports: true,
              message: "Queries and cache updates live in the feature's api/ folder.",
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/database/**',
      'apps/api/src/seed/**',
      'apps/api/src/tools/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...Object.values(SQL_CALLS)] },
  },
  {
    files: ['apps/api/src/modules/ledger/ledger.service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        SQL_CALLS.query,
        SQL_CALLS.queryBuilder,
        SQL_CALLS.getRepository,
      ],
    },
  },
  {
    // Framework internals are read in one adapter each (issue 26), which
    // test/cross-cutting/framework-internals.spec.ts holds to its contract.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/common/framework/nest-internals.ts',
      'apps/api/src/database/typeorm-internals.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@nestjs/[^/]+/(?!index$)',
              message:
                "Nest's internals: read them through src/common/framework/nest-internals.ts.",
            },
            {
              regex: '^typeorm/(?!index$)',
              message: "TypeORM's internals: read them through src/database/typeorm-internals.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [JOB_DOOR, ...QUEUE_COUNT_READERS],
    rules: {
      '@typescript-eslint/no-restricted-imports': jobImports(false),
      'no-restricted-properties': ['error', ...JOB_ADDS],
    },
  },
  {
    files: QUEUE_COUNT_READERS,
    rules: {
      '@typescript-eslint/no-restricted-imports': jobImports(true),
      'no-restricted-properties': [
        'error',
        ...JOB_ADDS,
        { property: 'add', message: `Queues are only read here. ${JOB_DOOR_MESSAGE}` },
      ],
    },
  },
  {
    files: ['**/jest.config.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly' },
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
      },
    },
  },
);
