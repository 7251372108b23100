/**
 * Pre-filling a form from a data source's record (`/fetch-prepopulation` with `id` and
 * `oid`): the record's values replace the answers of the fields it fills, as each field
 * takes them (a tick box a tick, anything else text); every other answer, and any field the
 * record leaves empty, stays as the person had it. They can still change any of them.
 */
import type { FormField } from '@formsign/sdk';
import { initialAnswers, type Answer, type Answers } from './signing-answers.ts';

/** The answers once the record's fields are taken in. */
export function prefilledAnswers(fields: readonly FormField[], answers: Answers, recordFields: readonly FormField[]): Answers {
  const names = new Set(
    fields
      .filter(
        (field) => field.type !== 'signature' && field.type !== 'initials' && field.type !== 'file' && field.type !== 'stamp' && !field.readonly,
      )
      .map((field) => field.name),
  );
  const filled = recordFields.filter((field) => names.has(field.name) && field.value !== undefined && field.value !== null && field.value !== '');
  return { ...answers, ...initialAnswers(filled) };
}

/** The `refs` of a form filled from a record: `<source id>:<record id>`. */
export const recordRef = (sourceId: number, oid: string): string => `${sourceId}:${oid}`;

/** What a record does to the answers of a step being filled in: filled at once, or asked first. */
export interface StepPrefill {
  /** Answers that take the record's value at once. */
  fills: Answers;
  /** Answers the person typed that the record would change: replaced only when they say so. */
  replaces: Answers;
}

const isEmpty = (answer: Answer | undefined): boolean =>
  answer === undefined || answer === null || answer === false || (typeof answer === 'string' && answer.trim() === '');

/**
 * A record picked while filling in one's own step. It fills only the person's own fields
 * (`fields` not read-only: never the sender's or another step's). An empty answer, or one a
 * record put there and left as it was (`fromRecord`), takes the record's value at once, so
 * picking another record replaces the first one's; an answer the person typed themselves is
 * never overwritten unasked: it is in `replaces`, for them to confirm.
 */
export function stepPrefill(fields: readonly FormField[], answers: Answers, recordFields: readonly FormField[], fromRecord: Answers): StepPrefill {
  const fills: Answers = {};
  const replaces: Answers = {};
  for (const [name, value] of Object.entries(prefilledAnswers(fields, {}, recordFields))) {
    const current = answers[name];
    if (current === value) continue;
    if (isEmpty(current) || current === fromRecord[name]) fills[name] = value;
    else replaces[name] = value;
  }
  return { fills, replaces };
}
