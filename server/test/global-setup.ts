/** Builds the suite's template database once per run (see `support/test-databases.ts`). */
import type { TestProject } from 'vitest/node';
import { buildTemplate, dropTemplate, testDatabaseKind, type TemplateRef } from './support/test-databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    formsignTemplate: TemplateRef;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await buildTemplate(testDatabaseKind());
  project.provide('formsignTemplate', template);
  return () => dropTemplate(template);
}
