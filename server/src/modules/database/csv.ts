/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field
 * quoted when it holds a comma, a quote or a line break (its quotes doubled). A text that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return)
 * is prefixed with an apostrophe, so that opening an export never runs what someone typed
 * into a form.
 */
import type { FieldValue } from '../../db/schema.js';

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export function csvField(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(values: readonly (FieldValue | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
