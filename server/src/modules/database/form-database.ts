/**
 * The form database: a page of submissions with the fields chosen (`rows`), and what the
 * function asked for (`func`) computes over every matching submission (their export is
 * `export-submissions.ts`). A person reaches the submissions of the forms they may see: every
 * one of the company for its administrators, else those they sent or take part in.
 */
import type { SQL } from 'drizzle-orm';
import type { DatabasePage, DatabaseRow, ListFilters } from '@formsign/sdk/contract';
import { administersCompany, type Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { companyTimeZone } from '../../companies/repository.js';
import { listTotal, offsetOf, searchWords, type PageRequest } from '../../db/list-filters.js';
import type { FieldDefinition } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import {
  submissionsMatching,
  submissionFields,
  submissionPage,
  submissionSort,
  submissionsWhere,
  summarize,
  summarizeAll,
  type SubmissionRow,
  type SubmissionSort,
  type SummaryFunction,
} from './repository.js';
import { filled, msg } from '#words';

/** At most this many fields are shown at once. */
const maxShownFields = 50;

const databaseTexts = {
  tooManyFields: msg({ message: 'Choose at most {most} fields to show.' }),
  noSuchField: msg({ message: 'There is no field "{name}" in these submissions.' }),
  countNothing: msg({ message: 'Show a field to count its answers.' }),
  sumNothing: msg({ message: 'Show a number field to work out the sum.' }),
  averageNothing: msg({ message: 'Show a number field to work out the average.' }),
};

export type DatabaseFunction = 'list' | SummaryFunction;

/** The fields named in `rows` (comma-separated), each known; all fields when none are named. */
export function chosenFields(rows: string | undefined, available: readonly FieldDefinition[]): FieldDefinition[] {
  const names = [
    ...new Set(
      (rows ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) return [...available];
  if (names.length > maxShownFields) throw badRequest(filled(databaseTexts.tooManyFields, { most: maxShownFields }));
  return names.map((name) => {
    const field = available.find((candidate) => candidate.name === name);
    if (!field) throw badRequest(filled(databaseTexts.noSuchField, { name }));
    return field;
  });
}

function databaseRow(row: Omit<SubmissionRow, 'position'>, fields: readonly FieldDefinition[]): DatabaseRow {
  return {
    id: row.id,
    reference: row.reference,
    template: row.template,
    submitted_by: row.submittedBy,
    submitted_at: (row.submittedAt ?? new Date(0)).toISOString(),
    values: Object.fromEntries(fields.map((field) => [field.name, row.values[field.name] ?? null])),
  };
}

/** The field a function is computed over: the first number field shown (any field shown, to count). */
function summaryField(func: SummaryFunction, fields: readonly FieldDefinition[]): FieldDefinition {
  const field = fields.find((candidate) => candidate.type === 'number') ?? (func === 'count' ? fields[0] : undefined);
  if (!field)
    throw badRequest(func === 'count' ? databaseTexts.countNothing : func === 'sum' ? databaseTexts.sumNothing : databaseTexts.averageNothing);
  return field;
}

/**
 * The function's result over every submission `where` matches, on the field it is computed
 * over. Over all of the company's submissions (of a template or not: the filters narrow them
 * no further, and the person sees every one), it is read from the figures kept as submissions
 * change, which costs the same however many there are; otherwise it is worked out over the
 * submissions matched.
 */
async function summaryOf(
  ctx: Pick<ServerContext, 'db'>,
  principal: Principal,
  filters: ListFilters,
  where: SQL,
  func: SummaryFunction,
  fields: readonly FieldDefinition[],
): Promise<{ field: string; value: number }> {
  const field = summaryField(func, fields);
  const everySubmission = administersCompany(principal) && searchWords(filters.search) === null && !filters.from && !filters.to;
  const value = everySubmission
    ? await summarizeAll(ctx.db, principal.companyId, filters.template, func, field)
    : await summarize(ctx.db, where, func, field);
  return { field: field.name, value };
}

export interface DatabaseRequest extends PageRequest {
  filters: ListFilters;
  rows?: string | undefined;
  func: DatabaseFunction;
}

/**
 * Which submissions a request names and in what order: the filters (dates read in the
 * organisation's time zone) bounded by who may see them, sorted by a column or a field. The
 * page and the export read the same selection.
 */
export async function submissionsSelection(
  db: Database,
  principal: Principal,
  filters: ListFilters,
  fields: readonly Pick<FieldDefinition, 'name'>[],
): Promise<{ where: SQL; sort: SubmissionSort }> {
  const timeZone = await companyTimeZone(db, principal.companyId);
  const where = submissionsWhere(principal, {
    template: filters.template,
    search: searchWords(filters.search),
    from: filters.from,
    to: filters.to,
    timeZone,
  });
  return {
    where,
    sort: submissionSort(
      filters.sort,
      filters.order,
      fields.map((field) => field.name),
    ),
  };
}

export async function queryDatabase(ctx: Pick<ServerContext, 'db'>, principal: Principal, request: DatabaseRequest): Promise<DatabasePage> {
  const { filters, func } = request;
  const available = await submissionFields(ctx.db, principal, filters.template);
  const fields = chosenFields(request.rows, available);
  const { where, sort } = await submissionsSelection(ctx.db, principal, filters, fields);
  const summary = func === 'list' ? null : await summaryOf(ctx, principal, filters, where, func, fields);
  const rows = await submissionPage(ctx.db, where, sort, request.limit, offsetOf(request));
  const total = await listTotal(ctx.db, submissionsMatching(ctx.db, where), request, rows.length);
  return {
    page: request.page,
    limit: request.limit,
    ...total,
    rows: fields.map((field) => field.name),
    func,
    summary,
    data: rows.map((row) => databaseRow(row, fields)),
  };
}
