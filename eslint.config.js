// Lint for every package. Besides the TypeScript rules, it keeps the package arrows one-way
// (openapi -> sdk -> machines -> web; mocks and the server serve the contract; what both
// servers of the built app share is `serving`; tests may use everything) and refuses focused
// tests. Inside the packages, `scripts/check-imports.ts` (part of `npm run lint`) keeps the
// zones (pages, features, server areas and shared modules) and refuses import cycles.
import js from '@eslint/js';
import globals from 'globals';
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
export const typeProjects = [
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
/**
 * The modules that may: the guarded client itself, the SFTP uploads (which connect only to the
 * address the guarded client checked), and the one place the timestamp authority's client is
 * made with its fetch.
 */
const outboundHomes = ['server/src/http/outbound.ts', 'server/src/http/sftp.ts', 'server/src/sealing/sealed-pdf.ts'];

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
  ...boundaries,
);
