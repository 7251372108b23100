// Lint for every package. Besides the TypeScript rules, it keeps the package arrows one-way
// (openapi -> sdk -> machines -> web; mocks and the server serve the contract; what both
// servers of the built app share is `serving`; tests may use everything), keeps the zones
// inside packages (pages, features, server areas and shared modules), refuses import cycles in the packages' sources, and refuses focused tests.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const packages = ['openapi', 'sdk', 'machines', 'serving', 'web', 'mocks', 'server', 'tests'];
/** What each package may import of the others. */
const allowed = {
  openapi: [],
  sdk: ['openapi'],
  machines: ['sdk'],
  serving: [],
  web: ['sdk', 'machines', 'serving'],
  mocks: ['openapi'],
  server: ['openapi', 'sdk', 'serving'],
  tests: packages,
};
/** Single modules a package may import of a package it may not (each the one home of what both need). */
const allowedModules = {};

/** The TypeScript projects of `npm run typecheck`, which the type-aware rules read. */
const typeProjects = [
  'openapi/tsconfig.json',
  'sdk/tsconfig.json',
  'sdk/tsconfig.node.json',
  'machines/tsconfig.json',
  'machines/tsconfig.tests.json',
  'serving/tsconfig.json',
  'web/tsconfig.json',
  'web/tsconfig.node.json',
  'mocks/tsconfig.json',
  'server/tsconfig.json',
  'tests/tsconfig.json',
  'scripts/tsconfig.json',
];

const focusedTests = ['describe', 'it', 'test'].map((object) => ({ object, property: 'only', message: 'A focused test hides the others.' }));

/** Test code of a package may also start the mock. */
const testFiles = (pkg) => [`${pkg}/test/**/*.ts`, `${pkg}/src/**/*.test.ts`];

/**
 * The server sends requests to other systems through one guarded client
 * (`server/src/http/outbound.ts`: public addresses only, checked after resolving, no redirects,
 * time and size bounded). Elsewhere in the server's code, nothing opens a connection of its own.
 * Outside it stay the transports the operator configures, not what a user types: the S3 client
 * (`FORMSIGN_S3_ENDPOINT`), SMTP (`SMTP_URL`) and the database (`DATABASE_URL`).
 */
const outboundMessage = 'Send requests to other systems through the guarded client, server/src/http/outbound.ts.';
const networkModules = [
  'http',
  'https',
  'http2',
  'net',
  'tls',
  'dgram',
  'undici',
  'node-fetch',
  'axios',
  'got',
  'ws',
  'ssh2',
  'ssh2-sftp-client',
].flatMap((name) => (['http', 'https', 'http2', 'net', 'tls', 'dgram'].includes(name) ? [name, `node:${name}`] : [name]));
const outboundPaths = [
  ...networkModules.map((name) => ({ name, message: outboundMessage })),
  // Its own client fetches with the global fetch unless it is given the guarded one.
  {
    name: '@libpdf/core',
    importNames: ['HttpTimestampAuthority', 'DefaultRevocationProvider', 'LtvDataGatherer'],
    message: `${outboundMessage} The timestamp authority is made in one place, with the guarded fetch.`,
  },
];
/** The modules that may: the guarded client itself, and the one place the timestamp authority's client is made with its fetch. */
const outboundHomes = ['server/src/http/outbound.ts', 'server/src/sealing/sealed-pdf.ts'];

const boundaries = Object.entries(allowed).flatMap(([pkg, may]) => {
  const denied = packages.filter((other) => other !== pkg && !may.includes(other));
  if (denied.length === 0) return [];
  const message = `${pkg} may import only ${may.length ? may.join(', ') : 'no other package'} (see ARCHITECTURE.md).`;
  const rule = (deniedPackages, extraPaths = []) => [
    'error',
    {
      paths: [...deniedPackages.map((other) => ({ name: `@formsign/${other}`, message })), ...extraPaths],
      patterns: [
        {
          group: [
            ...deniedPackages.flatMap((other) => [`@formsign/${other}/*`, `**/${other}/src/**`]),
            ...(allowedModules[pkg] ?? []).map((module) => `!${module}`),
          ],
          message,
        },
      ],
    },
  ];
  return [
    { files: [`${pkg}/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': rule(denied) } },
    { files: testFiles(pkg), rules: { 'no-restricted-imports': rule(denied.filter((other) => other !== 'mocks')) } },
    ...(pkg === 'server'
      ? [
          {
            files: ['server/src/**/*.ts'],
            ignores: [...testFiles('server'), ...outboundHomes],
            rules: {
              'no-restricted-imports': rule(denied, outboundPaths),
              'no-restricted-globals': [
                'error',
                ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({ name, message: outboundMessage })),
              ],
              'no-restricted-properties': ['error', ...focusedTests, { object: 'globalThis', property: 'fetch', message: outboundMessage }],
            },
          },
        ]
      : []),
  ];
});

/** The folders directly inside `dir` (read when the lint starts, so a new one is covered at once). */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Zones inside a package, where one part must not reach into another. A page of the app is
 * reached only through the route table, so one page never imports another; a feature of the
 * app keeps to itself (what two features share moves to a shared folder). In the server, an
 * area calls another area's use cases or repository, never its HTTP handlers; the shared
 * modules (auth, audit, companies, errors, files, jobs, mail, sealing, db, http) serve every
 * area and know none of them.
 */
const webFeatures = foldersOf('web/src/features/');
const serverAreas = foldersOf('server/src/modules/');
const sharedServerModules = ['auth', 'audit', 'companies', 'errors', 'files', 'jobs', 'mail', 'sealing', 'db', 'http'];
const zone = (target, from, message) => ({ target, from, message });
const webZones = [
  zone('./web/src/pages/**', './web/src/pages/**', 'A page does not import another page: move what both need to a shared folder.'),
  ...webFeatures.map((feature) =>
    zone(
      `./web/src/features/${feature}/**`,
      webFeatures.filter((other) => other !== feature).map((other) => `./web/src/features/${other}/**`),
      'A feature does not import another feature: move what both need to a shared folder.',
    ),
  ),
];
const areaZones = serverAreas.map((area) =>
  zone(
    `./server/src/modules/${area}/**`,
    serverAreas.filter((other) => other !== area).map((other) => `./server/src/modules/${other}/handlers.ts`),
    "An area does not import another area's handlers: call its use case or its repository.",
  ),
);
const sharedZones = [
  zone(`./server/src/{${sharedServerModules.join(',')}}/**`, './server/src/modules/**', 'A shared module imports no area of server/src/modules.'),
];
/** The source folders that import cycles are looked for in (tests and scripts import freely). */
const cycleSources = ['openapi', 'sdk', 'machines', 'web', 'mocks', 'server'].map((pkg) => `${pkg}/src/**/*.{ts,tsx}`);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': ['error', ...focusedTests],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or catches, a promise where a callback
    // returning nothing is expected, a switch that forgets a member of a union.
    // Each file is read with the TypeScript project that type-checks it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: typeProjects, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // The React Compiler's rules too: no ref read while rendering, no state set straight from an
    // effect, no impure call (Date.now, Math.random) while rendering.
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat['recommended-latest'],
    rules: { ...reactHooks.configs.flat['recommended-latest'].rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // One way to do async work in components: commands through useMutation, data through
    // useDataGroup, flows through machines; never a raw `await api.*`.
    files: ['web/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "AwaitExpression > CallExpression.argument > MemberExpression.callee > MemberExpression.object > Identifier.object[name='api']",
          message: 'Run a command through useMutation (web/src/api/use-mutation.ts), data through useDataGroup, a flow through its machine.',
        },
      ],
    },
  },
  {
    // Imports are resolved as the packages resolve them: workspace packages to their
    // sources, `.js` specifiers to the `.ts` files they name.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          conditionNames: ['@formsign/source', 'import', 'default'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
    },
  },
  {
    // An area never imports another area's handlers; a shared module imports no area (it is
    // given what it needs from the composition root, src/handlers.ts and src/jobs-list.ts).
    files: ['server/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...areaZones, ...sharedZones] }] },
  },
  {
    // A lazily loaded page or panel may import what loads it: the dynamic import runs once
    // both modules are evaluated, so only static cycles count.
    files: cycleSources,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  ...boundaries,
);
