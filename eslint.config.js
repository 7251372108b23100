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

/** Test code of a package may also start the mock. */
const testFiles = (pkg) => [`${pkg}/test/**/*.ts`, `${pkg}/src/**/*.test.ts`];

const boundaries = Object.entries(allowed).flatMap(([pkg, may]) => {
  const denied = packages.filter((other) => other !== pkg && !may.includes(other));
  if (denied.length === 0) return [];
  const rule = (deniedPackages) => [
    'error',
    {
      patterns: [
        {
          group: deniedPackages.flatMap((other) => [`@formsign/${other}`, `@formsign/${other}/*`, `**/${other}/src/**`]),
          message: `${pkg} may import only ${may.length ? may.join(', ') : 'no other package'} (see ARCHITECTURE.md).`,
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
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...boundaries,
);
