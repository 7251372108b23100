/**
 * The queries behind the rule of who sees a form (`visibility.ts`): a person's own forms, and
 * whether one form answers a condition. The rule itself, who sees what, is decided there.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { rawRows } from '../../db/raw-rows.js';
import { formRecipients, forms } from '../../db/schema.js';

/** The ids of the company's forms the person sent or takes part in by their account. */
function ownFormIds(companyId: number, userId: number): SQL {
  return sql`select ${forms.id} from ${forms} where ${forms.companyId} = ${companyId} and ${forms.senderId} = ${userId}
             union
             select ${formRecipients.formId} from ${formRecipients} where ${formRecipients.companyId} = ${companyId} and ${formRecipients.userId} = ${userId}`;
}

/**
 * Whether the form `formId` names is one the person sent or takes part in by their account.
 * Found through the indexes on the sender and on the recipient's account, so it costs the
 * same however many forms the company has.
 */
export function formIdAmongOwn(companyId: number, userId: number, formId: AnyPgColumn | SQL): SQL {
  return sql`${formId} = any(array(${ownFormIds(companyId, userId)}))`;
}

/**
 * The same condition, written for one side of an `or` (a file the person saved, or one of a
 * form of theirs): as a subquery, which PostgreSQL answers there with a hash of the person's
 * forms looked up once for each row. The array above would be searched one id after another
 * for each row: with 30,000 forms of theirs, the storage's root folder took 4.7 s at 100,000
 * forms, and 20 ms so. (Alone, the array is the better one: it lets an index on `formId` serve.)
 */
export function formIdAmongOwnBeside(companyId: number, userId: number, formId: AnyPgColumn | SQL): SQL {
  return sql`${formId} in (${ownFormIds(companyId, userId)})`;
}

/**
 * The same condition for the rows of `forms` themselves: as a semi-join, which PostgreSQL
 * answers with a hash of the person's forms when they take part in many (an array of tens of
 * thousands of ids is searched one by one for each form of a list) and through the primary
 * key when they take part in few.
 */
export function formAmongOwn(companyId: number, userId: number): SQL {
  return sql`${forms.id} in (${ownFormIds(companyId, userId)})`;
}

/**
 * The same condition, answered for each form as a list's index gives it: the person's place
 * in it is looked up in the index on the recipient's account (or the form is theirs as its
 * sender), so a page stops as soon as it is full. For someone who takes part in many of the
 * company's forms: gathering them all first (`formAmongOwn`) cost 30 ms for 30,000 forms on
 * every page, while the forms of a page are found among the first few dozen of the list. The
 * `union all` keeps it one lookup per form: written with `or`, PostgreSQL gathers them all again.
 */
export function formAmongOwnOneByOne(companyId: number, userId: number): SQL {
  return sql`exists (select 1 from ${formRecipients}
                      where ${formRecipients.userId} = ${userId} and ${formRecipients.companyId} = ${companyId} and ${formRecipients.formId} = ${forms.id}
                     union all
                     select 1 where ${forms.senderId} = ${userId})`;
}

/**
 * The forms answering `where` (of the company) that the person sent or takes part in by their
 * account, one row each, to be counted up to a cap (`listTotal`). The forms they take part in
 * are a semi-join of the list's index by id (`forms_workflow_id_idx`, `forms_completed_id_idx`)
 * with their places (`form_recipients_user_form_idx`), which PostgreSQL merges, both being in
 * the order of the forms' ids: a capped count reads about as many entries of each as precede
 * the last form it counts, from the indexes alone. Looked up one by one in a list's order
 * (`formAmongOwnOneByOne`), the same count read each form's row and cost 4 to 17 ms for a
 * person in 30,000 of 100,000 forms; gathered first (`formAmongOwn`), all 30,000 places. The
 * forms they sent follow, those they do not also take part in, so that none counts twice.
 */
export function ownFormsMatching(companyId: number, userId: number, where: SQL | undefined): SQL {
  const matching = and(eq(forms.companyId, companyId), where);
  const places = sql`select ${formRecipients.formId} from ${formRecipients} where ${formRecipients.userId} = ${userId} and ${formRecipients.companyId} = ${companyId}`;
  return sql`(select 1 from ${forms} where ${matching} and ${forms.id} in (${places}))
             union all
             (select 1 from ${forms} where ${matching} and ${forms.senderId} = ${userId} and not exists (${places} and ${formRecipients.formId} = ${forms.id}))`;
}

/**
 * Whether the person sent or takes part in at least `least` forms, counted from the indexes on
 * the recipient's account and on the sender up to that many each (a sender's forms are their
 * company's).
 */
export async function hasOwnFormsAtLeast(db: Database, companyId: number, userId: number, least: number): Promise<boolean> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`select (select count(*) from (select 1 from ${formRecipients} where ${formRecipients.userId} = ${userId} and ${formRecipients.companyId} = ${companyId} limit ${least}) as places)
             + (select count(*) from (select 1 from ${forms} where ${forms.senderId} = ${userId} limit ${least}) as sent) as n`,
  );
  return Number(row?.n ?? 0) >= least;
}

/** Whether a form of that id answers the condition. */
export async function formMatches(db: Database, formId: number, condition: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.id, formId), condition));
  return row !== undefined;
}
