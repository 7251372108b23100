/**
 * Who may see a form: the one rule every list, file and report of forms reads. An
 * administrator of the company (or a super user) sees the company's forms; anyone else (a
 * basic user, a personal administrator) the forms they sent or take part in by their account.
 * What belongs to a form follows it: its sealed PDF, its supporting documents, its copies in
 * Documents, its answers in the Database and the export, its audit trail, its place on a case.
 * A person's own forms are found through the indexes on the sender and on the recipient's
 * account, so the rule costs the same however many forms the company has.
 */
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { administersCompany, type Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { forms } from '../../db/schema.js';
import {
  formAmongOwn,
  formAmongOwnOneByOne,
  formIdAmongOwn,
  formIdAmongOwnBeside,
  formMatches,
  hasOwnFormsAtLeast,
  ownFormsMatching,
} from './visibility-repository.js';

export type Viewer = Pick<Principal, 'role' | 'companyId' | 'userId'>;

/**
 * Whether the form `formId` names (a column of a row of the caller's company: a document, a
 * stored file, an audit event) is one the person may see. Undefined, no condition, for an
 * administrator of the company: the query's own company bound is the whole rule then.
 */
export function formIdVisibleTo(viewer: Viewer, formId: AnyPgColumn | SQL): SQL | undefined {
  if (administersCompany(viewer)) return undefined;
  return formIdAmongOwn(viewer.companyId, viewer.userId, formId);
}

/** `formIdVisibleTo` for one side of an `or` (`formIdAmongOwnBeside`). */
export function formIdVisibleToBeside(viewer: Viewer, formId: AnyPgColumn | SQL): SQL | undefined {
  if (administersCompany(viewer)) return undefined;
  return formIdAmongOwnBeside(viewer.companyId, viewer.userId, formId);
}

/** The forms (rows of `forms`) the person may see. */
export function formsVisibleTo(viewer: Viewer): SQL {
  return and(eq(forms.companyId, viewer.companyId), administersCompany(viewer) ? undefined : formAmongOwn(viewer.companyId, viewer.userId)) as SQL;
}

/**
 * From how many forms of their own a list reads a person's forms one by one in its order
 * (`formAmongOwnOneByOne`) rather than gathering them first (`formAmongOwn`): gathered, they
 * cost in proportion to their number; one by one, in proportion to the forms of the list read
 * before the page (and the capped count) is full, few when the person takes part in many.
 * Both give the same forms; `many` is a parameter so that tests compare the two.
 */
export const manyOwnForms = 2_000;

/**
 * The forms (rows of `forms`) the person may see, written for a list that pages through an
 * index: `formsVisibleTo`, its condition chosen for the number of the person's own forms.
 */
export async function formsVisibleInList(db: Database, viewer: Viewer, many = manyOwnForms): Promise<SQL> {
  if (administersCompany(viewer)) return formsVisibleTo(viewer);
  const oneByOne = await hasOwnFormsAtLeast(db, viewer.companyId, viewer.userId, many);
  return and(
    eq(forms.companyId, viewer.companyId),
    oneByOne ? formAmongOwnOneByOne(viewer.companyId, viewer.userId) : formAmongOwn(viewer.companyId, viewer.userId),
  ) as SQL;
}

/**
 * The forms of a list that the person may see, one row each, to be counted (`listTotal`):
 * `where` holds the list's own conditions, this adds the rule. An administrator's are the
 * company's. Anyone else's are the same forms as `formsVisibleTo` gives, counted from their
 * places and the forms they sent (`ownFormsMatching`); but when the list searches words
 * (`searched`), from the forms that have them, as the list's trigram index gives them, each
 * checked for the person as it comes (`formAmongOwnOneByOne`): merged by id, every form's row
 * would be read for its words, and a hash of all the person's places cost more than the checks
 * (a person in 30,000 of 100,000 forms searching a word of 12,000: 20 to 30 ms against 15 to 20).
 */
export function formsToCount(db: Database, viewer: Viewer, where: SQL | undefined, searched: boolean): SQLWrapper {
  const rows = (condition: SQL | undefined) =>
    db
      .select({ one: sql`1` })
      .from(forms)
      .where(and(eq(forms.companyId, viewer.companyId), condition, where));
  if (!searched) return administersCompany(viewer) ? rows(undefined) : ownFormsMatching(viewer.companyId, viewer.userId, where);
  const matching = rows(administersCompany(viewer) ? undefined : formAmongOwnOneByOne(viewer.companyId, viewer.userId));
  // Planned as if every match were counted (a materialised CTE is planned whole, and still read
  // only as far as the count's cap asks): so the matches come from the list's trigram index.
  // Planned with the cap, PostgreSQL expects the cap's matches early in a sequential read of
  // the table (the words being common) and reads it instead: 7 to 13 ms at 100,000 forms for
  // "Leave", against 3 to 5 through the index, as it cannot know how dear matching words is.
  return sql`with searched as materialized (${matching}) select 1 from searched`;
}

/** Whether the person may see the form (a form of another company, or none, is not seen). */
export async function maySeeForm(db: Database, viewer: Viewer, formId: number): Promise<boolean> {
  return formMatches(db, formId, formsVisibleTo(viewer));
}
