import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { wordsPlugins } from './web/scripts/words-plugins.ts';

/**
 * One run for every package's unit tests and the cross-package contract suites. Workspace
 * packages resolve to their TypeScript sources (the `@formsign/source` export condition), so
 * nothing has to be built before testing.
 */
const source = '@formsign/source';
const resolve = { conditions: [source, ...defaultClientConditions] };
/** The contract mock, one per project that calls it (see the module). */
const mockSetup = '../mocks/src/test-setup.ts';
const ssr = { resolve: { conditions: [source, ...defaultServerConditions], externalConditions: [source] } };

/**
 * The server suite runs on the embedded database, and again on PostgreSQL when DATABASE_URL
 * names a server (CI sets it): the same files, each on its own copy of a template database,
 * but for those whose outcome does not depend on the database, which run once: the sweeps of
 * the contract (every operation with bad input, every operation for every role: answered
 * before or beside the database, whose engine is PostgreSQL's in both), the file worker's (its
 * threads read files, not the database; a template's PDF), the languages each reader reads,
 * and the server's own units without a database. They run on PostgreSQL when there is one
 * (its queries cost a fraction of the embedded one's compute: the four sweeps 26 core-seconds
 * against 46), else on the embedded database. The PostgreSQL run is for queries, locks,
 * transactions and plans.
 */
const onceOnly = [
  'test/bad-input.test.ts',
  'test/access-matrix.test.ts',
  'test/file-work.test.ts',
  // A template's PDF checked and measured by the file worker, and the words each reader reads: the same rows either way.
  'test/template-pdf.test.ts',
  'test/reader-languages.test.ts',
  'test/web-app.test.ts',
  'src/**/*.test.ts',
];
const withPostgres = Boolean(process.env['DATABASE_URL']);
const onceOnlyOn = withPostgres ? 'postgres' : 'embedded';
const serverProject = (name: string, database: 'embedded' | 'postgres') => ({
  // Node's own conditions only: packages whose `module` build is not valid Node ESM (the AWS
  // SDK's) load as Node loads them in production.
  resolve: { conditions: [source, 'node', 'development|production'] },
  ssr: { resolve: { conditions: [source, 'node', 'development|production'], externalConditions: [source] } },
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(database === onceOnlyOn ? [] : onceOnly)],
    globalSetup: ['./test/global-setup.ts'],
    env: { FORMSIGN_TEST_DB: database },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file makes its own server on its own database (test/support/test-server.ts) and
    // nothing in the server keeps state between files, so the files of a worker share one
    // module graph instead of importing the server anew for every file.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one idle, and the suites wait on databases as much
    // as they compute.
    maxWorkers: Math.max(availableParallelism(), 2),
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'sdk',
          root: './sdk',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 90_000,
          globalSetup: [mockSetup],
          // The friendly layer's type tests (`*.test-d.ts`), checked by the compiler.
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.types.json' },
        },
      },
      { resolve, ssr, test: { name: 'machines', root: './machines', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      // The web app's modules are written with Lingui's macros and import `.po` catalogues.
      // Its tests speak English, as the app does until another language is shown (src/i18n/i18n.ts activates it).
      {
        plugins: wordsPlugins(),
        resolve,
        ssr,
        test: { name: 'web', root: './web', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], setupFiles: ['./src/i18n/i18n.ts'] },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'contract',
          root: './tests',
          include: ['contract/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 90_000,
          globalSetup: [mockSetup],
        },
      },
      serverProject('server', 'embedded'),
      ...(withPostgres ? [serverProject('server-pg', 'postgres')] : []),
    ],
  },
});
