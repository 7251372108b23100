/**
 * Pre-filling a form from a data source's record (`/fetch-prepopulation` with `id` and
 * `oid`): the record's values replace the answers of the fields it fills, as each field
 * takes them (a tick box a tick, anything else text); every other answer, and any field the
 * record leaves empty, stays as the person had it. They can still change any of them.
 */
import type { FormField } from '@formsign/sdk';
import { initialAnswers, type Answers } from './signing-answers.ts';

/** The answers once the record's fields are taken in. */
export function prefilledAnswers(fields: readonly FormField[], answers: Answers, recordFields: readonly FormField[]): Answers {
  const names = new Set(fields.filter((field) => field.type !== 'signature' && field.type !== 'file' && !field.readonly).map((field) => field.name));
  const filled = recordFields.filter((field) => names.has(field.name) && field.value !== undefined && field.value !== null && field.value !== '');
  return { ...answers, ...initialAnswers(filled) };
}

/** The `refs` of a form filled from a record: `<source id>:<record id>`. */
export const recordRef = (sourceId: number, oid: string): string => `${sourceId}:${oid}`;
