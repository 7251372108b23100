/**
 * The queries of the dashboard and the analysis. Each dashboard chart adds up the company's
 * `form_counts` (its forms by template, status and month, kept by triggers as forms change):
 * a few hundred rows a year however many forms there are. The analysis groups one template's
 * submissions in the database, however many there are.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rawRows } from '../../db/raw-rows.js';
import { formCountZones, formCounts, forms, submissionVersions, templates, type FieldDefinition, type FormStatus } from '../../db/schema.js';
import { answerLabel, answerNumber, isSubmission } from '../database/submissions-repository.js';

/**
 * Makes sure the company's counts are counted in `timeZone`, the zone its reports use: counts
 * them again from its forms when they were counted in another (the company changed its time
 * zone) or never. Once in a while, not per request: the triggers keep them up to date.
 */
export async function countsIn(db: Database, companyId: number, timeZone: string): Promise<void> {
  const [row] = await db.select({ timeZone: formCountZones.timeZone }).from(formCountZones).where(eq(formCountZones.companyId, companyId));
  if (row?.timeZone === timeZone) return;
  await db.execute(sql`select form_counts_rebuild(${companyId}::int, ${timeZone}::text)`);
}

/** Forms sent, and forms completed, per month since the month starting on `day` (months of the counts' zone). */
export async function formsPerMonth(
  db: Database,
  companyId: number,
  day: string,
): Promise<{ kind: 'sent' | 'completed'; month: string; n: number }[]> {
  return rawRows(
    db,
    sql`select ${formCounts.kind} as kind, to_char(${formCounts.month}, 'YYYY-MM') as month, sum(${formCounts.forms})::int as n
          from ${formCounts}
         where ${formCounts.companyId} = ${companyId} and ${formCounts.month} >= ${day}::date
         group by ${formCounts.kind}, ${formCounts.month}
        having sum(${formCounts.forms}) > 0`,
  );
}

/**
 * The forms sent since the month starting on `day` by status: the same forms the templates'
 * chart counts (sent in the window, not deleted; a draft was never sent), so the two charts add up alike.
 */
export async function formsByStatus(db: Database, companyId: number, day: string): Promise<{ status: FormStatus; n: number }[]> {
  return rawRows(
    db,
    sql`select ${formCounts.status} as status, sum(${formCounts.forms})::int as n
          from ${formCounts}
         where ${formCounts.companyId} = ${companyId} and ${formCounts.kind} = 'sent' and ${formCounts.month} >= ${day}::date
         group by 1
        having sum(${formCounts.forms}) > 0`,
  );
}

/** The templates forms were sent from since the month starting on `day`, most first (every one: the chart adds up those past its top ones). */
export async function templatesUsed(db: Database, companyId: number, day: string): Promise<{ title: string; n: number }[]> {
  return rawRows(
    db,
    sql`select ${templates.title} as title, counted.n
          from (select ${formCounts.templateId} as template_id, sum(${formCounts.forms})::int as n
                  from ${formCounts}
                 where ${formCounts.companyId} = ${companyId} and ${formCounts.kind} = 'sent' and ${formCounts.month} >= ${day}::date
                 group by 1
                having sum(${formCounts.forms}) > 0) as counted
          join ${templates} on ${templates.id} = counted.template_id
         order by counted.n desc, ${templates.title}, counted.template_id`,
  );
}

/**
 * The average hours from sending to completion of the forms completed each month since the
 * month starting on `day`: the seconds added up over the forms, as an average of them would.
 */
export async function hoursToComplete(db: Database, companyId: number, day: string): Promise<{ month: string; hours: number }[]> {
  return rawRows(
    db,
    sql`select to_char(${formCounts.month}, 'YYYY-MM') as month,
               round((sum(${formCounts.seconds}) / sum(${formCounts.timed}) / 3600)::numeric, 2)::float8 as hours
          from ${formCounts}
         where ${formCounts.companyId} = ${companyId} and ${formCounts.kind} = 'completed' and ${formCounts.month} >= ${day}::date
         group by ${formCounts.month}
        having sum(${formCounts.timed}) > 0`,
  );
}

export interface TemplateRecord {
  id: number;
  title: string;
  fields: FieldDefinition[];
  /** The version of its submissions (`submission_versions`) when read; 0 before their first change. */
  submissions: number;
}

/**
 * A template of the company that is not deleted, the one asked for, else the first by title,
 * with the version of its submissions read in the same statement.
 */
/**
 * The template asked for; else the company's templates in title order, the first of them
 * (at most `candidates`) for the caller to choose among.
 */
export async function analysedTemplates(
  db: Database,
  companyId: number,
  templateId: number | undefined,
  candidates: number,
): Promise<TemplateRecord[]> {
  return db
    .select({
      id: templates.id,
      title: templates.title,
      fields: templates.fields,
      submissions: sql<number>`coalesce(${submissionVersions.version}, 0)`.mapWith(Number),
    })
    .from(templates)
    .leftJoin(submissionVersions, and(eq(submissionVersions.companyId, templates.companyId), eq(submissionVersions.templateId, templates.id)))
    .where(and(eq(templates.companyId, companyId), isNull(templates.deletedAt), templateId ? eq(templates.id, templateId) : undefined))
    .orderBy(asc(templates.title), asc(templates.id))
    .limit(templateId ? 1 : candidates);
}

/** The version of a template's submissions: 0 before their first change. */
export async function submissionsVersion(db: Database, companyId: number, templateId: number): Promise<number> {
  const [row] = await db
    .select({ version: submissionVersions.version })
    .from(submissionVersions)
    .where(and(eq(submissionVersions.companyId, companyId), eq(submissionVersions.templateId, templateId)));
  return row?.version ?? 0;
}

export interface PivotCell {
  /** The row's answer as read, '' when not answered, null for the answers beyond the most frequent. */
  row_label: string | null;
  column_label: string | null;
  n: number;
  total: number;
}

/**
 * The submissions of a template grouped by the answers of two fields: how many in each pair
 * of answers, and the sum of a number field's answers (0 without one). Only the `most`
 * most frequent answers of each field keep their own row or column; the rest are grouped
 * under null.
 */
export async function pivotCells(
  db: Database,
  companyId: number,
  templateId: number,
  row: string,
  column: string,
  summed: string | null,
  most: number,
): Promise<PivotCell[]> {
  const sum = summed ? sql`coalesce(sum(${answerNumber(summed)}), 0)` : sql`0`;
  return rawRows(
    db,
    sql`with cells as (
          select ${answerLabel(row)} as r, ${answerLabel(column)} as c, count(*) as n, ${sum} as s
            from ${forms}
           where ${isSubmission(companyId)} and ${forms.templateId} = ${templateId}
           group by 1, 2
        ),
        row_ranks as (select r, row_number() over (order by sum(n) desc, r) as k from cells group by r),
        column_ranks as (select c, row_number() over (order by sum(n) desc, c) as k from cells group by c)
        select (case when row_ranks.k <= ${most} then cells.r end) as row_label,
               (case when column_ranks.k <= ${most} then cells.c end) as column_label,
               sum(cells.n)::float8 as n,
               sum(cells.s)::float8 as total
          from cells
          join row_ranks on row_ranks.r = cells.r
          join column_ranks on column_ranks.c = cells.c
         group by 1, 2`,
  );
}
