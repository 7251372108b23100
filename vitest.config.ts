import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * One run for every package's unit tests and the cross-package contract suites. Workspace
 * packages resolve to their TypeScript sources (the `@formsign/source` export condition), so
 * nothing has to be built before testing.
 */
const source = '@formsign/source';
const resolve = { conditions: [source, ...defaultClientConditions] };
const ssr = { resolve: { conditions: [source, ...defaultServerConditions], externalConditions: [source] } };

export default defineConfig({
  test: {
    projects: [
      { resolve, ssr, test: { name: 'sdk', root: './sdk', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 90_000 } },
      { resolve, ssr, test: { name: 'machines', root: './machines', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { resolve, ssr, test: { name: 'web', root: './web', include: ['src/**/*.test.ts'] } },
      { resolve, ssr, test: { name: 'contract', root: './tests', include: ['contract/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 90_000 } },
    ],
  },
});
