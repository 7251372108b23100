/**
 * One contract mock for every file of a Vitest project that calls it, as the project's global
 * setup: started before the files, stopped after them, its origin given to them as
 * `inject('mockUrl')`. Prism takes seconds to start; a mock per file would start it again for
 * each. Every file may share it: the mock keeps no state but a QA session's choices, which
 * belong to that session's cookie.
 */
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startMock } from './start-mock.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared mock's origin, e.g. `http://127.0.0.1:4010`; paths are served at its root. */
    mockUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mock = await startMock();
  project.provide('mockUrl', mock.url);
  return () => mock.stop();
}
