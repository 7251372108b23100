/**
 * Submissions in SQL: the company's completed forms that are not deleted, and their answers
 * (`values`, by field name) read in the database, so that the form database's filters, the
 * export and the analysis's sums and groupings run there.
 */
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { forms } from '../../db/schema.js';

/** The submissions of a company. */
export function isSubmission(companyId: number): SQL {
  return and(eq(forms.companyId, companyId), eq(forms.status, 'completed'), isNotNull(forms.completedAt), isNull(forms.deletedAt)) as SQL;
}

/** An answer as stored (jsonb), SQL null when the field was not answered. */
export function answer(name: string): SQL {
  return sql`(${forms.values} -> ${name}::text)`;
}

/** An answer as a number: a number, or text that is one ("37", " 12.5 "); null otherwise. */
export function answerNumber(name: string): SQL<number | null> {
  const value = answer(name);
  return sql<
    number | null
  >`(case jsonb_typeof(${value}) when 'number' then (${value} #>> '{}')::numeric when 'string' then (case when btrim(${value} #>> '{}') ~ '^[-+]?[0-9]+([.][0-9]+)?$' then btrim(${value} #>> '{}')::numeric end) end)`;
}

/** An answer as people read it in a table's heading: text as is, Yes or No for a tick, '' when not answered. */
export function answerLabel(name: string): SQL<string> {
  const value = answer(name);
  return sql<string>`(case jsonb_typeof(${value}) when 'boolean' then (case when ${value} = 'true'::jsonb then 'Yes' else 'No' end) when 'null' then '' else coalesce(${value} #>> '{}', '') end)`;
}
