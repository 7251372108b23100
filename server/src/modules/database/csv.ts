/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field
 * quoted when it holds a comma, a quote or a line break (its quotes doubled). Every CSV the
 * server writes (the form database's export, the CSV an integration delivers) writes its
 * cells here, so that opening one never runs what someone typed into a form.
 *
 * A cell a spreadsheet could read as a formula is neutralised: prefixed with an apostrophe
 * and quoted. That is a cell whose first character, or first character after leading spaces
 * and control characters, is = + - @ a tab, a carriage return or |, or one of their
 * full-width forms (＝ ＋ － ＠ ｜); and a cell that holds a field separator (a comma, a
 * semicolon, a tab or a line break) followed by one of them, which a spreadsheet splitting
 * on that separator (the ; of many locales) would read as a formula of its own. A number,
 * and text that is only a number ("-12.5", "+44"), is written as it is: a spreadsheet reads
 * it as a number, so a negative amount stays one.
 */
import type { FieldValue } from '../../db/schema.js';

const formulaCharacters = '=+\\-@|\uff1d\uff0b\uff0d\uff20\uff5c';
const formulaStart = new RegExp(`^[\\t\\r${formulaCharacters}]`, 'u');
const leadingBlanks = /^[\s\p{Cc}\p{Cf}]+/u;
const formulaAfterSeparator = new RegExp(`[,;\\t\\r\\n][\\s\\p{Cc}\\p{Cf}]*[${formulaCharacters}]`, 'u');
const plainNumber = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const needsQuotes = /[",\r\n]/;

/** Whether a spreadsheet could read the text as a formula, in the cell or after a separator in it. */
export function readsAsFormula(text: string): boolean {
  if (plainNumber.test(text)) return false;
  return formulaStart.test(text) || formulaStart.test(text.replace(leadingBlanks, '')) || formulaAfterSeparator.test(text);
}

const quoted = (text: string): string => `"${text.replace(/"/g, '""')}"`;

export function csvField(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (readsAsFormula(text)) return quoted(`'${text}`);
  return needsQuotes.test(text) ? quoted(text) : text;
}

export function csvRecord(values: readonly (FieldValue | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
