/**
 * The queries of the form database: which fields the submissions have, a page of them, the
 * function computed over all of them, and the batches the export streams. Every query is
 * bounded by the submissions the caller may see (`forms/visibility.ts`: the company's for its
 * administrators, else the forms they sent or take part in) and runs in the database (no
 * submission is loaded to be filtered or counted in memory).
 */
import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { containsPattern, dayRange } from '../../db/list-filters.js';
import { formSearchText } from '../../db/search-texts.js';
import { forms, submissionAnswerTotals, templates, type FieldDefinition, type FieldValue } from '../../db/schema.js';
import { formsVisibleTo, type Viewer } from '../forms/visibility.js';
import { answer, answerLabel, answerNumber, isSubmission } from './submissions-repository.js';
import { isDataField } from './submissions.js';

export interface SubmissionFilters {
  template?: number | undefined;
  search: string | null;
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
}

/** The submissions a person may see. */
function visibleSubmissions(viewer: Viewer): SQL {
  return and(isSubmission(viewer.companyId), formsVisibleTo(viewer)) as SQL;
}

/** The submissions the person may see matching the filters: words in the reference, title or sender's name; days of completion. */
export function submissionsWhere(viewer: Viewer, filters: SubmissionFilters): SQL {
  const pattern = filters.search ? containsPattern(filters.search) : null;
  return and(
    visibleSubmissions(viewer),
    filters.template ? eq(forms.templateId, filters.template) : undefined,
    dayRange(forms.completedAt, filters.timeZone, filters.from, filters.to),
    pattern ? sql`${formSearchText} ilike ${pattern}` : undefined,
  ) as SQL;
}

/**
 * The fields the submissions can show: a template's own (in its order) when one is chosen,
 * else those of every template that has submissions the person may see, each name once.
 * Signatures and files are not data a table shows.
 */
export async function submissionFields(db: Database, viewer: Viewer, templateId: number | undefined): Promise<FieldDefinition[]> {
  const { companyId } = viewer;
  const rows = templateId
    ? await db
        .select({ fields: templates.fields })
        .from(templates)
        .where(and(eq(templates.companyId, companyId), eq(templates.id, templateId)))
    : await db
        .select({ fields: templates.fields })
        .from(templates)
        .where(
          and(
            eq(templates.companyId, companyId),
            exists(
              db
                .select({ one: sql`1` })
                .from(forms)
                .where(and(visibleSubmissions(viewer), eq(forms.templateId, templates.id))),
            ),
          ),
        )
        .orderBy(asc(templates.title), asc(templates.id));
  const byName = new Map<string, FieldDefinition>();
  for (const field of rows.flatMap((row) => row.fields)) if (isDataField(field) && !byName.has(field.name)) byName.set(field.name, field);
  return [...byName.values()];
}

/** The title of a template of the company, or null. */
export async function templateTitle(db: Database, companyId: number, templateId: number): Promise<string | null> {
  const [row] = await db
    .select({ title: templates.title })
    .from(templates)
    .where(and(eq(templates.companyId, companyId), eq(templates.id, templateId)));
  return row?.title ?? null;
}

/** How the submissions are sorted: a column, or a field's answers; each with its SQL type, so a position in it can be sent back (the export's batches). */
export interface SubmissionSort {
  key: SQL;
  type: 'timestamptz' | 'text' | 'jsonb';
  order: 'asc' | 'desc';
}

const columns: Record<string, { key: SQL; type: SubmissionSort['type'] }> = {
  submitted_at: { key: sql`${forms.completedAt}`, type: 'timestamptz' },
  reference: { key: sql`${forms.reference}`, type: 'text' },
  title: { key: sql`${forms.title}`, type: 'text' },
  template: { key: sql`${templates.title}`, type: 'text' },
  submitted_by: { key: sql`${forms.senderName}`, type: 'text' },
};

/** The sort asked for (a column or one of `fields`), newest first by default and when the sort is not known. */
export function submissionSort(sort: string | undefined, order: 'asc' | 'desc' | undefined, fields: readonly string[]): SubmissionSort {
  const column = sort ? columns[sort] : undefined;
  if (column) return { ...column, order: order ?? 'asc' };
  if (sort && fields.includes(sort)) return { key: sql`coalesce(${answer(sort)}, 'null'::jsonb)`, type: 'jsonb', order: order ?? 'asc' };
  return { key: sql`${forms.completedAt}`, type: 'timestamptz', order: order ?? 'desc' };
}

export interface SubmissionRow {
  id: number;
  reference: string;
  template: string;
  submittedBy: string;
  /** Always set for a submission. */
  submittedAt: Date | null;
  values: Record<string, FieldValue>;
  /** Where the row sits in the sort, as text (to continue after it). */
  position: string;
}

function selectRows(db: Database) {
  return db
    .select({
      id: forms.id,
      reference: forms.reference,
      template: templates.title,
      submittedBy: forms.senderName,
      submittedAt: forms.completedAt,
      values: forms.values,
    })
    .from(forms)
    .innerJoin(templates, eq(templates.id, forms.templateId));
}

const ordered = (sort: SubmissionSort) => {
  const by = sort.order === 'asc' ? asc : desc;
  return [by(sort.key), by(forms.id)];
};

/** The submissions matching, to be counted up to a cap (`listTotal`). */
export const submissionsMatching = (db: Database, where: SQL) =>
  db
    .select({ one: sql`1` })
    .from(forms)
    .where(where);

export async function countSubmissions(db: Database, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(forms).where(where);
  return row?.n ?? 0;
}

export async function submissionPage(
  db: Database,
  where: SQL,
  sort: SubmissionSort,
  limit: number,
  offset: number,
): Promise<Omit<SubmissionRow, 'position'>[]> {
  // The page's ids first, from the index of the sort where one serves it (a deep page skips
  // index entries, not submissions), then those submissions alone with their answers.
  const ids = db
    .select({ id: forms.id })
    .from(forms)
    .innerJoin(templates, eq(templates.id, forms.templateId))
    .where(where)
    .orderBy(...ordered(sort))
    .limit(limit)
    .offset(offset);
  return selectRows(db)
    .where(inArray(forms.id, ids))
    .orderBy(...ordered(sort));
}

/** The next batch of submissions after a position in the sort (keyset paging: each batch costs the same however far the export is). */
export async function submissionBatch(
  db: Database,
  where: SQL,
  sort: SubmissionSort,
  after: { position: string; id: number } | null,
  size: number,
): Promise<SubmissionRow[]> {
  const type = sql.raw(sort.type);
  const beyond = after
    ? sort.order === 'asc'
      ? sql`(${sort.key}, ${forms.id}) > (cast(${after.position} as ${type}), ${after.id})`
      : sql`(${sort.key}, ${forms.id}) < (cast(${after.position} as ${type}), ${after.id})`
    : undefined;
  return db
    .select({
      id: forms.id,
      reference: forms.reference,
      template: templates.title,
      submittedBy: forms.senderName,
      submittedAt: forms.completedAt,
      values: forms.values,
      position: sql<string>`(${sort.key})::text`,
    })
    .from(forms)
    .innerJoin(templates, eq(templates.id, forms.templateId))
    .where(and(where, beyond))
    .orderBy(...ordered(sort))
    .limit(size);
}

export type SummaryFunction = 'count' | 'sum' | 'average';

/**
 * The function over every matching submission: how many answered the field (`count`), the
 * sum of its numbers, or their average (to two decimals; 0 when none).
 */
export async function summarize(db: Database, where: SQL, func: SummaryFunction, field: FieldDefinition): Promise<number> {
  const number = answerNumber(field.name);
  const value =
    func === 'count'
      ? field.type === 'number'
        ? sql<number>`count(${number})::float8`
        : sql<number>`(count(*) filter (where ${answerLabel(field.name)} <> ''))::float8`
      : func === 'sum'
        ? sql<number>`coalesce(sum(${number}), 0)::float8`
        : sql<number>`coalesce(round(avg(${number}), 2), 0)::float8`;
  const [row] = await db.select({ value }).from(forms).where(where);
  return Number(row?.value ?? 0);
}

/**
 * `summarize` over every submission of the company (of one template when given), read from the
 * figures the triggers on `forms` keep (`submission_answer_totals`): a row per template, not
 * every answer. The same result as `summarize`, to the digit: the sum is kept exact, and the
 * average is that sum over the count of numbers, as the database's own average divides.
 */
export async function summarizeAll(
  db: Database,
  companyId: number,
  templateId: number | undefined,
  func: SummaryFunction,
  field: FieldDefinition,
): Promise<number> {
  const totals = submissionAnswerTotals;
  const value =
    func === 'count'
      ? field.type === 'number'
        ? sql<number>`coalesce(sum(${totals.numbers}), 0)::float8`
        : sql<number>`coalesce(sum(${totals.answered}), 0)::float8`
      : func === 'sum'
        ? sql<number>`coalesce(sum(${totals.total}), 0)::float8`
        : sql<number>`coalesce(round(sum(${totals.total}) / nullif(sum(${totals.numbers}), 0), 2), 0)::float8`;
  const [row] = await db
    .select({ value })
    .from(totals)
    .where(and(eq(totals.companyId, companyId), eq(totals.field, field.name), templateId ? eq(totals.templateId, templateId) : undefined));
  return Number(row?.value ?? 0);
}
