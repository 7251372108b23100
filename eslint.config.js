// Lint for every package. Besides the TypeScript rules, it keeps the package arrows one-way
// (openapi -> sdk -> machines -> web; mocks and the server serve the contract; tests may use
// everything) and refuses focused tests.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const packages = ['openapi', 'sdk', 'machines', 'web', 'mocks', 'server', 'tests'];
/** What each package may import of the others. */
const allowed = {
  openapi: [],
  sdk: ['openapi'],
  machines: ['sdk'],
  web: ['sdk', 'machines'],
  mocks: ['openapi'],
  server: ['openapi', 'sdk'],
  tests: packages,
};
/** Single modules a package may import of a package it may not (each the one home of what both need). */
const allowedModules = {
  // The web app's Content-Security-Policy, which the reference server serves its pages with.
  server: ['@formsign/web/content-security-policy', '@formsign/web/static-paths'],
};

/** The TypeScript projects of `npm run typecheck`, which the type-aware rules read. */
const typeProjects = [
  'openapi/tsconfig.json',
  'sdk/tsconfig.json',
  'sdk/tsconfig.node.json',
  'machines/tsconfig.json',
  'machines/tsconfig.tests.json',
  'web/tsconfig.json',
  'web/tsconfig.node.json',
  'mocks/tsconfig.json',
  'server/tsconfig.json',
  'tests/tsconfig.json',
  'scripts/tsconfig.json',
];

/** Test code of a package may also start the mock. */
const testFiles = (pkg) => [`${pkg}/test/**/*.ts`, `${pkg}/src/**/*.test.ts`];

const boundaries = Object.entries(allowed).flatMap(([pkg, may]) => {
  const denied = packages.filter((other) => other !== pkg && !may.includes(other));
  if (denied.length === 0) return [];
  const message = `${pkg} may import only ${may.length ? may.join(', ') : 'no other package'} (see ARCHITECTURE.md).`;
  const rule = (deniedPackages) => [
    'error',
    {
      paths: deniedPackages.map((other) => ({ name: `@formsign/${other}`, message })),
      patterns: [
        {
          group: [...deniedPackages.flatMap((other) => [`@formsign/${other}/*`, `**/${other}/src/**`]), ...(allowedModules[pkg] ?? []).map((module) => `!${module}`)],
          message,
        },
      ],
    },
  ];
  return [
    { files: [`${pkg}/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': rule(denied) } },
    { files: testFiles(pkg), rules: { 'no-restricted-imports': rule(denied.filter((other) => other !== 'mocks')) } },
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
      'no-restricted-properties': [
        'error',
        { object: 'describe', property: 'only', message: 'A focused test hides the others.' },
        { object: 'it', property: 'only', message: 'A focused test hides the others.' },
        { object: 'test', property: 'only', message: 'A focused test hides the others.' },
      ],
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
