/**
 * The queries of the dashboard and the analysis. Each dashboard chart is one grouped query
 * over the company's forms (deleted forms left out), bounded by the indexes on the company
 * and the times it counts. The analysis groups one template's submissions in the database,
 * however many there are.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rawRows } from '../../db/raw-rows.js';
import { forms, templates, type FieldDefinition, type FormStatus } from '../../db/schema.js';
import { answerLabel, answerNumber, isSubmission } from '../database/submissions-repository.js';

/** On or after the first moment of a day of the company's time zone (a constant bound: the index serves it). */
const since = (column: typeof forms.sentAt | typeof forms.completedAt, timeZone: string, day: string) =>
  sql`${column} >= (${day}::date)::timestamp at time zone ${timeZone}`;

/** The month a time falls in, in the company's time zone, as the start of that month (cheaper per row than formatting it). */
const monthOf = (column: typeof forms.sentAt | typeof forms.completedAt, timeZone: string) =>
  sql`date_trunc('month', ${column} at time zone ${timeZone})`;

/** Forms sent, and forms completed, per month since the first day `day` (a day in the company's time zone). */
export async function formsPerMonth(
  db: Database,
  companyId: number,
  timeZone: string,
  day: string,
): Promise<{ kind: 'sent' | 'completed'; month: string; n: number }[]> {
  return rawRows(
    db,
    sql`select kind, to_char(month, 'YYYY-MM') as month, n from (
          select 'sent' as kind, ${monthOf(forms.sentAt, timeZone)} as month, count(*)::int as n
            from ${forms}
           where ${forms.companyId} = ${companyId} and ${forms.deletedAt} is null and ${since(forms.sentAt, timeZone, day)}
           group by 2
          union all
          select 'completed', ${monthOf(forms.completedAt, timeZone)}, count(*)::int
            from ${forms}
           where ${forms.companyId} = ${companyId} and ${forms.deletedAt} is null and ${since(forms.completedAt, timeZone, day)}
           group by 2
        ) as counted`,
  );
}

/**
 * The forms sent since the day `day` by status: the same forms the templates' chart counts
 * (sent in the window, not deleted; a draft was never sent), so the two charts add up alike.
 */
export async function formsByStatus(db: Database, companyId: number, timeZone: string, day: string): Promise<{ status: FormStatus; n: number }[]> {
  return rawRows(
    db,
    sql`select ${forms.status} as status, count(*)::int as n
          from ${forms}
         where ${forms.companyId} = ${companyId} and ${forms.deletedAt} is null and ${since(forms.sentAt, timeZone, day)}
         group by 1`,
  );
}

/** The templates forms were sent from since the day `day`, most first (every one: the chart adds up those past its top ones). */
export async function templatesUsed(db: Database, companyId: number, timeZone: string, day: string): Promise<{ title: string; n: number }[]> {
  return rawRows(
    db,
    sql`select ${templates.title} as title, counted.n
          from (select ${forms.templateId} as template_id, count(*)::int as n
                  from ${forms}
                 where ${forms.companyId} = ${companyId} and ${forms.deletedAt} is null and ${since(forms.sentAt, timeZone, day)}
                 group by 1) as counted
          join ${templates} on ${templates.id} = counted.template_id
         order by counted.n desc, ${templates.title}, counted.template_id`,
  );
}

/** The average hours from sending to completion of the forms completed each month since the day `day`. */
export async function hoursToComplete(db: Database, companyId: number, timeZone: string, day: string): Promise<{ month: string; hours: number }[]> {
  return rawRows(
    db,
    sql`select to_char(month, 'YYYY-MM') as month, hours from (
          select ${monthOf(forms.completedAt, timeZone)} as month,
                 round((avg(extract(epoch from (${forms.completedAt} - ${forms.sentAt}))) / 3600)::numeric, 2)::float8 as hours
            from ${forms}
           where ${forms.companyId} = ${companyId} and ${forms.deletedAt} is null and ${forms.sentAt} is not null
             and ${since(forms.completedAt, timeZone, day)}
           group by 1
        ) as averaged`,
  );
}

export interface TemplateRecord {
  id: number;
  title: string;
  fields: FieldDefinition[];
}

/** A template of the company that is not deleted: the one asked for, else the first by title. */
export async function analysedTemplate(db: Database, companyId: number, templateId: number | undefined): Promise<TemplateRecord | undefined> {
  const [row] = await db
    .select({ id: templates.id, title: templates.title, fields: templates.fields })
    .from(templates)
    .where(and(eq(templates.companyId, companyId), isNull(templates.deletedAt), templateId ? eq(templates.id, templateId) : undefined))
    .orderBy(asc(templates.title), asc(templates.id))
    .limit(1);
  return row;
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
