/** Builds the suite's template database once per run (see `support/test-databases.ts`). */
import type { TestProject } from 'vitest/node';
import { buildTemplate, dropTemplate, testDatabaseKind, type TemplateRef } from './support/test-databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    formsignTemplate: TemplateRef;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A global setup runs in the main process, where the project's `env` is not set: the kind of
  // database is read from the project's own configuration, or every project would build the
  // template of the main process's environment.
  const template = await buildTemplate(testDatabaseKind(project.config.env));
  project.provide('formsignTemplate', template);
  return () => dropTemplate(template);
}
