/**
 * The analysis (pivot) of a template's submissions: the answers of one field make the rows,
 * those of another the columns, and each cell holds how many submissions gave that pair of
 * answers, or the sum of a number field over them. The template is the company's first
 * (by title) with two fields of short answers, unless one is asked for (among the first 100;
 * when none of them has two, the first, whose page then says what it lacks); the rows and columns are its first two fields with
 * short answers unless chosen. Rows and columns follow the field's own order (a choice's
 * options, Yes before No, numbers and dates ascending, text alphabetically), with
 * "Not answered" after them; beyond the 50 most frequent answers the rest share
 * "Other answers", so a field of free text cannot make a table of thousands of rows.
 */
import type { Pivot } from '@formsign/sdk/contract';
import type { ServerContext } from '../../context.js';
import type { FieldDefinition } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { isGroupable } from '../database/submissions.js';
import type { PivotCache } from './pivot-cache.js';
import { analysedTemplates, pivotCells, type PivotCell, type TemplateRecord } from './repository.js';
import { filled, msg } from '#words';
import { say, type Language } from '../../i18n/i18n.js';

const mostAnswers = 50;
export const pivotTexts = {
  notAnswered: msg({ message: 'Not answered' }),
  otherAnswers: msg({ message: 'Other answers' }),
  yes: msg({ message: 'Yes' }),
  no: msg({ message: 'No' }),
  noField: msg({ message: '{template} has no field "{name}".' }),
  notGroupable: msg({ message: '{label} cannot make rows or columns: choose a field with short answers.' }),
  needsTwo: msg({ message: '{template} needs two fields with short answers to be analysed.' }),
  sameField: msg({ message: 'Rows and columns need two different fields. Choose another field for one of them.' }),
  notNumber: msg({ message: '{label} is not a number field: each cell shows the number of submissions or the sum of a number field.' }),
  noSuchTemplate: msg({ message: 'This template does not exist or was deleted.' }),
  noTemplates: msg({ message: 'There are no templates to analyse yet.' }),
};

export interface PivotRequest {
  template?: number | undefined;
  row?: string | undefined;
  column?: string | undefined;
  value?: string | undefined;
}

function fieldOf(template: TemplateRecord, name: string): FieldDefinition {
  const field = template.fields.find((candidate) => candidate.name === name);
  if (!field) throw badRequest(filled(pivotTexts.noField, { template: template.title, name }));
  return field;
}

function groupingField(template: TemplateRecord, name: string): FieldDefinition {
  const field = fieldOf(template, name);
  if (!isGroupable(field)) throw badRequest(filled(pivotTexts.notGroupable, { label: field.label }));
  return field;
}

/** The row and column fields: those asked for, else the template's first fields with short answers. */
function chooseFields(template: TemplateRecord, request: PivotRequest): [FieldDefinition, FieldDefinition] {
  const groupable = template.fields.filter(isGroupable);
  const row = request.row ? groupingField(template, request.row) : groupable.find((field) => field.name !== request.column);
  const column = request.column ? groupingField(template, request.column) : groupable.find((field) => field.name !== row?.name);
  if (!row || !column) throw badRequest(filled(pivotTexts.needsTwo, { template: template.title }));
  if (row.name === column.name) throw badRequest(pivotTexts.sameField);
  return [row, column];
}

function summedField(template: TemplateRecord, value: string): FieldDefinition | null {
  if (value === 'count') return null;
  const field = fieldOf(template, value);
  if (field.type !== 'number') throw badRequest(filled(pivotTexts.notNumber, { label: field.label }));
  return field;
}

// One collator for every comparison: `localeCompare` with a locale builds one per call, which
// made laying out a table of 50 dates cost more than the rest of the request.
const textOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Where an answer sits in a field's order. */
function answerOrder(field: FieldDefinition): (a: string, b: string) => number {
  const options = field.type === 'select' || field.type === 'radio' ? (field.options ?? []) : field.type === 'checkbox' ? ['Yes', 'No'] : [];
  const rank = (answer: string): number => {
    const at = options.indexOf(answer);
    return at >= 0 ? at : options.length;
  };
  return (a, b) => {
    const byOption = rank(a) - rank(b);
    if (byOption !== 0) return byOption;
    if (field.type === 'number' && a !== '' && b !== '' && !Number.isNaN(Number(a)) && !Number.isNaN(Number(b))) return Number(a) - Number(b);
    return textOrder.compare(a, b);
  };
}

/** The distinct answers in their order, then "Not answered", then "Other answers". */
function orderedAnswers(answers: Iterable<string | null>, field: FieldDefinition): (string | null)[] {
  const distinct = [...new Set(answers)];
  const given = distinct.filter((answer): answer is string => answer !== null && answer !== '').sort(answerOrder(field));
  return [...given, ...(distinct.includes('') ? [''] : []), ...(distinct.includes(null) ? [null] : [])];
}

/** An answer as the table names it: "Not answered", "Other answers", a tick's "Yes" or "No" in `language`, else as given. */
function labelOf(answer: string | null, field: FieldDefinition, language: Language): string {
  if (answer === null) return say(language, pivotTexts.otherAnswers);
  if (answer === '') return say(language, pivotTexts.notAnswered);
  if (field.type === 'checkbox' && (answer === 'Yes' || answer === 'No')) return say(language, answer === 'Yes' ? pivotTexts.yes : pivotTexts.no);
  return answer;
}

export function pivotTable(
  template: TemplateRecord,
  row: FieldDefinition,
  column: FieldDefinition,
  summed: FieldDefinition | null,
  cells: PivotCell[],
  language: Language = 'en',
): Pivot {
  const rows = orderedAnswers(
    cells.map((cell) => cell.row_label),
    row,
  );
  const columns = orderedAnswers(
    cells.map((cell) => cell.column_label),
    column,
  );
  const at = new Map<string | null, Map<string | null, number>>();
  for (const cell of cells) {
    const line = at.get(cell.row_label) ?? new Map<string | null, number>();
    line.set(cell.column_label, summed ? cell.total : cell.n);
    at.set(cell.row_label, line);
  }
  return {
    template: { id: template.id, title: template.title },
    row: row.name,
    column: column.name,
    value: summed?.name ?? 'count',
    rows: rows.map((answer) => labelOf(answer, row, language)),
    columns: columns.map((answer) => labelOf(answer, column, language)),
    cells: rows.map((r) => columns.map((c) => Number(at.get(r)?.get(c) ?? 0))),
  };
}

/**
 * The analysis asked for. The template and the version of its submissions are read first, in
 * one statement; the table comes from `cache` when it kept one under that version and the
 * template's layout as it is now (its title, the fields in use), else from the submissions.
 */
export async function pivot(
  ctx: Pick<ServerContext, 'db'>,
  cache: PivotCache,
  companyId: number,
  request: PivotRequest,
  language: Language = 'en',
): Promise<Pivot> {
  const found = await analysedTemplates(ctx.db, companyId, request.template, 100);
  const template = found.find((candidate) => candidate.fields.filter(isGroupable).length >= 2) ?? found[0];
  if (!template) throw badRequest(request.template ? pivotTexts.noSuchTemplate : pivotTexts.noTemplates);
  const [row, column] = chooseFields(template, request);
  const summed = summedField(template, request.value ?? 'count');
  const key = {
    companyId,
    templateId: template.id,
    version: template.submissions,
    row: row.name,
    column: column.name,
    summed: summed?.name ?? null,
    // The table's words are in the language asked for: a table is kept for each.
    layout: JSON.stringify([template.title, row, column, summed, mostAnswers, language]),
  };
  return cache.table(key, async () =>
    pivotTable(
      template,
      row,
      column,
      summed,
      await pivotCells(ctx.db, companyId, template.id, row.name, column.name, summed?.name ?? null, mostAnswers),
      language,
    ),
  );
}
