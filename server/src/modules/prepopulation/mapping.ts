/**
 * Which column fills which field of a template. A new source fills each field from the column
 * whose header is the field's name or label (case, spaces and underscores aside); a mapping
 * saved names, for each field it fills, a column the data has. Files, signatures and initials are never
 * filled from records.
 */
import type { FieldDefinition } from '../../db/schema.js';
import { filled, type Words } from '#words';
import { prepopulationTexts } from './texts.js';

const key = (text: string): string => text.toLowerCase().replace(/[\s_-]+/g, '');

/** Whether records may fill a field of this type. */
export const fillable = (field: Pick<FieldDefinition, 'type'>): boolean =>
  field.type !== 'file' && field.type !== 'signature' && field.type !== 'initials' && field.type !== 'stamp';

/** The columns whose header is a field's name or label fill that field. */
export function guessedOrder(fields: readonly FieldDefinition[], headers: readonly string[]): Record<string, string> {
  const byKey = new Map(headers.map((header) => [key(header), header]));
  const order: Record<string, string> = {};
  for (const field of fields.filter(fillable)) {
    const header = byKey.get(key(field.name)) ?? byKey.get(key(field.label));
    if (header) order[field.name] = header;
  }
  return order;
}

/** The order asked for, checked against the template's fields and the data's headers: the first fault in words, or the order kept (empty columns dropped). */
export function checkedOrder(
  fields: readonly FieldDefinition[],
  headers: readonly string[],
  asked: Record<string, string>,
): { order: Record<string, string> } | { fault: Words } {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const order: Record<string, string> = {};
  for (const [name, header] of Object.entries(asked)) {
    if (header === '') continue;
    const field = byName.get(name);
    if (!field) return { fault: filled(prepopulationTexts.noField, { name }) };
    if (!fillable(field)) return { fault: filled(prepopulationTexts.notFillable, { label: field.label }) };
    if (!headers.includes(header)) return { fault: filled(prepopulationTexts.noColumn, { header }) };
    order[name] = header;
  }
  return { order };
}
