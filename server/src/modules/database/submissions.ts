/**
 * Submissions: the company's completed forms that are not deleted. Which of a template's
 * fields the form database, its export and the analysis show; the answers themselves are read
 * in SQL (`submissions-repository.ts`).
 */
import type { FieldDefinition } from '../../db/schema.js';

/** Fields whose answers are data a person reads in a table (not signatures, initials, stamps nor attached files). */
export function isDataField(field: FieldDefinition): boolean {
  return field.type !== 'signature' && field.type !== 'initials' && field.type !== 'file' && field.type !== 'stamp';
}

/** Fields whose answers can make the rows or columns of an analysis. */
export function isGroupable(field: FieldDefinition): boolean {
  return isDataField(field) && field.type !== 'textarea';
}
