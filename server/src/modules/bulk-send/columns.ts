/**
 * The columns of a bulk send's CSV for a template: for each place of its order its person's
 * name and email (and the access code the sender gives, for a place that opens with one),
 * then a column for each field a value can be given to in advance, named by its label (or by
 * label and name, when two fields share a label). A header is matched without regard to case
 * or spaces around it, and a field's column may also be named by the field's name. A place's
 * headers are written in the language of the person asking ("Employee email", "Employee
 * E-Mail"), and read in any language the product speaks.
 */
import { emailPattern } from '@formsign/sdk/contract';
import type { FieldDefinition, StepDefinition } from '../../db/schema.js';
import { csvRecord } from '../database/csv.js';
import type { TemplateRecord } from '../templates/repository.js';
import { stepOfField, stepsOf } from '../templates/steps.js';
import { msg } from '#words';
import { languages, say, type Language } from '../../i18n/i18n.js';

export type BulkColumn =
  | { kind: 'name' | 'email' | 'access-code'; place: number; step: StepDefinition; header: string; aliases: readonly string[] }
  | { kind: 'field'; field: FieldDefinition; header: string; aliases: readonly string[] };

const columnTexts = {
  name: msg({ message: '{label} name' }),
  email: msg({ message: '{label} email' }),
  'access-code': msg({ message: '{label} access code' }),
  example: msg({ message: 'Example {label} {row}' }),
};

/** A place's column header in `language`, and in every language the product speaks. */
function placeHeader(kind: 'name' | 'email' | 'access-code', step: StepDefinition, language: Language): { header: string; aliases: string[] } {
  return {
    header: say(language, columnTexts[kind], { label: step.label }),
    aliases: languages.map((other) => say(other, columnTexts[kind], { label: step.label })),
  };
}

/** The fields a CSV can give values to: not a signature, initials, a stamp or a file. */
export function prefillableFields(fields: readonly FieldDefinition[]): FieldDefinition[] {
  return fields.filter((field) => field.type !== 'signature' && field.type !== 'initials' && field.type !== 'file' && field.type !== 'stamp');
}

export function bulkColumns(template: Pick<TemplateRecord, 'steps' | 'fields'>, language: Language = 'en'): BulkColumn[] {
  const columns: BulkColumn[] = [];
  for (const [place, step] of stepsOf(template.steps).entries()) {
    columns.push({ kind: 'name', place, step, ...placeHeader('name', step, language) });
    columns.push({ kind: 'email', place, step, ...placeHeader('email', step, language) });
    if (step.action !== 'approve' && step.verification === 'access-code')
      columns.push({ kind: 'access-code', place, step, ...placeHeader('access-code', step, language) });
  }
  const fields = prefillableFields(template.fields);
  const labels = new Map<string, number>();
  for (const field of fields) labels.set(field.label.trim().toLowerCase(), (labels.get(field.label.trim().toLowerCase()) ?? 0) + 1);
  for (const field of fields) {
    const shared = (labels.get(field.label.trim().toLowerCase()) ?? 0) > 1 || field.label.trim() === '';
    const header = shared ? `${field.label.trim()} (${field.name})`.trim() : field.label.trim();
    columns.push({ kind: 'field', field, header, aliases: [header] });
  }
  return columns;
}

const key = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The column a header names, if any. */
export function columnOf(columns: readonly BulkColumn[], header: string): BulkColumn | undefined {
  const wanted = key(header);
  return (
    columns.find((column) => key(column.header) === wanted) ??
    columns.find((column) => column.aliases.some((alias) => key(alias) === wanted)) ??
    columns.find((column) => column.kind === 'field' && key(column.field.name) === wanted)
  );
}

function example(column: BulkColumn, row: number, language: Language): string {
  switch (column.kind) {
    case 'name':
      return say(language, columnTexts.example, { label: column.step.label, row });
    case 'email':
      return `person${row}.${column.place + 1}@example.com`;
    case 'access-code':
      return 'code-to-give';
    case 'field':
      break;
  }
  const { field } = column;
  if (field.value !== undefined && field.value !== null && field.value !== '') return String(field.value);
  switch (field.type) {
    case 'number':
      return '12';
    case 'date':
      return '2026-12-31';
    case 'email':
      return 'someone@example.com';
    case 'checkbox':
      return 'true';
    case 'select':
      return field.options?.[0] ?? '';
    default:
      return stepOfField(field) === 0 || field.required ? `${field.label}` : '';
  }
}

/** The CSV to fill: the header row and one example row, every cell safe from spreadsheet formulas. */
export function bulkCsvTemplate(template: Pick<TemplateRecord, 'steps' | 'fields'>, language: Language = 'en'): string {
  const columns = bulkColumns(template, language);
  return `\ufeff${csvRecord(columns.map((column) => column.header))}${csvRecord(columns.map((column) => example(column, 1, language)))}`;
}

export const isEmail = (text: string): boolean => emailPattern.test(text);
