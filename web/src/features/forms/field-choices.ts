/**
 * The choices of a choice list or a radio group as the template editor holds them: typed one
 * per line. Shared by the editor's page and the field settings it loads apart.
 */
import type { FormField } from '@formsign/sdk';

/** The types whose choices are typed one per line. */
export const choiceTypes: ReadonlySet<FormField['type']> = new Set(['select', 'radio']);

export function choicesOf(options: string): string[] {
  return options
    .split('\n')
    .map((choice) => choice.trim())
    .filter(Boolean);
}
