/**
 * The lists of forms, paged, filtered and sorted in the database: what waits for a person
 * (Action Required), what is in progress (Workflow), what is complete (Completed Forms).
 * Administrators see their company's forms; other people the forms they sent or take part in
 * (the one rule of `visibility.ts`). A signed-in person takes part in a form through a place
 * the sender gave their account (`form_recipients.user_id`, a user of the form's company),
 * never through an email address: a place sent to an address is reached by its signing link alone.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListFilters } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { listTotal, offsetOf, type PageRequest } from '../../db/list-filters.js';
import { formSearchText } from '../../db/search-texts.js';
import { formEnd, formRecipients, forms, templates, type FormStatus } from '../../db/schema.js';
import { escapeLike } from '../templates/repository.js';
import { formsToCount, formsVisibleInList, formsVisibleTo } from './visibility.js';

export type FormRecord = typeof forms.$inferSelect;
export type RecipientRecord = typeof formRecipients.$inferSelect;

export type Paging = PageRequest;

function between(column: SQL | AnyPgColumn, filters: ListFilters): SQL | undefined {
  return and(filters.from ? sql`${column} >= ${filters.from}::date` : undefined, filters.to ? sql`${column} < ${filters.to}::date + 1` : undefined);
}

function searching(filters: ListFilters): SQL | undefined {
  const words = filters.search?.trim();
  if (!words) return undefined;
  // The one expression the trigram index covers (`search-texts.ts`): the words found in the
  // reference, the title or the sender's name (or across them) match, as they always did.
  return sql`${formSearchText} ilike ${`%${escapeLike(words)}%`}`;
}

/** The forms a person may see: the company's for its administrators; else those they sent or take part in (`visibility.ts`). */
const visibleTo = (principal: Principal): SQL => formsVisibleTo(principal);

/**
 * The sort asked for, then the id the same way, so that an index on (column, id) read
 * forwards or backwards gives the rows in this very order and a page is the next entries of it.
 */
function ordering(sorts: Record<string, SQL | AnyPgColumn>, filters: ListFilters, fallback: SQL | AnyPgColumn): SQL[] {
  const column = sorts[filters.sort ?? ''] ?? fallback;
  return filters.order === 'asc' ? [asc(column), asc(forms.id)] : [desc(column), desc(forms.id)];
}

/**
 * The ids of one page of forms, found in the index of the sort alone (a deep page skips index
 * entries, not rows), so that only the page's own forms are read afterwards.
 */
function pageIds(db: Database, where: SQL | undefined, order: SQL[], byTemplate: boolean, paging: Paging) {
  const ids = db.select({ id: forms.id }).from(forms);
  return (byTemplate ? ids.innerJoin(templates, eq(templates.id, forms.templateId)) : ids)
    .where(where)
    .orderBy(...order)
    .limit(paging.limit)
    .offset(offsetOf(paging));
}

const inProgress: FormStatus[] = ['sent', 'in_progress', 'awaiting_approval', 'disapproved', 'declined'];

/**
 * The columns a row of the Workflow shows: a list reads only these, never a form's fields and
 * answers (kilobytes of JSON each, twenty times a page).
 */
const workflowColumns = {
  id: forms.id,
  companyId: forms.companyId,
  reference: forms.reference,
  title: forms.title,
  status: forms.status,
  currentStep: forms.currentStep,
  steps: forms.steps,
  senderName: forms.senderName,
  sentAt: forms.sentAt,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
};

/** The columns a row of Completed Forms shows (and its sealed PDF's address is made of). */
const completedColumns = {
  id: forms.id,
  reference: forms.reference,
  title: forms.title,
  templateId: forms.templateId,
  senderName: forms.senderName,
  completedAt: forms.completedAt,
  updatedAt: forms.updatedAt,
  sealedKey: forms.sealedKey,
  dataRemovedAt: forms.dataRemovedAt,
};

export async function listWorkflow(db: Database, principal: Principal, paging: Paging, filters: ListFilters, many?: number) {
  const statuses = filters.status && inProgress.includes(filters.status as FormStatus) ? [filters.status as FormStatus] : inProgress;
  const listed = and(
    isNull(forms.deletedAt),
    inArray(forms.status, statuses),
    filters.template ? eq(forms.templateId, filters.template) : undefined,
    searching(filters),
    between(forms.sentAt, filters),
  );
  const where = and(await formsVisibleInList(db, principal, many), listed);
  const assignee = sql<string>`coalesce((select string_agg(${formRecipients.name}, ', ' order by ${formRecipients.order}) from ${formRecipients} where ${formRecipients.formId} = ${forms.id} and ${formRecipients.status} = 'open'), '')`;
  const comment = sql<string>`coalesce((select ${formRecipients.comment} from ${formRecipients} where ${formRecipients.formId} = ${forms.id} and ${formRecipients.comment} <> '' order by ${formRecipients.actedAt} desc nulls last limit 1), '')`;
  const order = ordering(
    {
      reference: forms.reference,
      title: forms.title,
      status: forms.status,
      started_at: forms.sentAt,
      sent_at: forms.sentAt,
      updated_at: forms.updatedAt,
      template: templates.title,
    },
    filters,
    forms.updatedAt,
  );
  const rows = await db
    .select({ form: workflowColumns, template: templates.title, assignee, comment })
    .from(forms)
    .innerJoin(templates, eq(templates.id, forms.templateId))
    .where(inArray(forms.id, pageIds(db, where, order, filters.sort === 'template', paging)))
    .orderBy(...order);
  return { ...(await listTotal(db, formsToCount(db, principal, listed, searching(filters) !== undefined), paging, rows.length)), rows };
}

export async function listCompleted(db: Database, principal: Principal, paging: Paging, filters: ListFilters, many?: number) {
  const listed = and(
    isNull(forms.deletedAt),
    eq(forms.status, 'completed'),
    filters.template ? eq(forms.templateId, filters.template) : undefined,
    searching(filters),
    between(forms.completedAt, filters),
  );
  const where = and(await formsVisibleInList(db, principal, many), listed);
  const signers = sql<number>`(select count(*)::int from ${formRecipients} where ${formRecipients.formId} = ${forms.id} and ${formRecipients.status} = 'signed')`;
  const order = ordering(
    {
      reference: forms.reference,
      title: forms.title,
      completed_at: forms.completedAt,
      submitted_by: forms.senderName,
      template: templates.title,
    },
    filters,
    forms.completedAt,
  );
  const rows = await db
    .select({ form: completedColumns, template: templates.title, signers })
    .from(forms)
    .innerJoin(templates, eq(templates.id, forms.templateId))
    .where(inArray(forms.id, pageIds(db, where, order, filters.sort === 'template', paging)))
    .orderBy(...order);
  return { ...(await listTotal(db, formsToCount(db, principal, listed, searching(filters) !== undefined), paging, rows.length)), rows };
}

/** The places given to this person's account, in their own company's forms. */
function addressedTo(principal: Principal): SQL | undefined {
  return and(eq(formRecipients.userId, principal.userId), eq(formRecipients.companyId, principal.companyId));
}

/** The columns a row of Action Required shows: of the place, and of its form. */
const pendingPlaceColumns = { pageId: formRecipients.pageId, order: formRecipients.order, action: formRecipients.action };
const pendingFormColumns = {
  id: forms.id,
  reference: forms.reference,
  title: forms.title,
  senderName: forms.senderName,
  sentAt: forms.sentAt,
  createdAt: forms.createdAt,
  expiresAt: forms.expiresAt,
  steps: forms.steps,
};

export async function listPending(db: Database, principal: Principal, paging: Paging) {
  const where = and(
    addressedTo(principal),
    eq(formRecipients.status, 'open'),
    isNull(forms.deletedAt),
    inArray(forms.status, ['sent', 'in_progress', 'awaiting_approval']),
  );
  const order = [asc(sql`coalesce(${forms.expiresAt}, 'infinity'::timestamptz)`), desc(forms.sentAt), desc(forms.id)];
  // The page's places are found from the indexes (the company's waiting forms in the page's
  // order, and each one's places), then only those are read in full.
  const page = db
    .select({ id: formRecipients.id })
    .from(formRecipients)
    .innerJoin(forms, eq(forms.id, formRecipients.formId))
    // A place is of its form's company: said of the form too, so that the company's waiting
    // forms are read in the page's order from `forms_pending_order_idx`. (The count is best
    // without: it merges the person's places and the waiting forms by id.)
    .where(and(where, eq(forms.companyId, principal.companyId)))
    .orderBy(...order)
    .limit(paging.limit)
    .offset(offsetOf(paging));
  const rows = await db
    .select({ recipient: pendingPlaceColumns, form: pendingFormColumns, template: templates.title })
    .from(formRecipients)
    .innerJoin(forms, eq(forms.id, formRecipients.formId))
    .innerJoin(templates, eq(templates.id, forms.templateId))
    .where(inArray(formRecipients.id, page))
    .orderBy(...order);
  const matching = db
    .select({ one: sql`1` })
    .from(formRecipients)
    .innerJoin(forms, eq(forms.id, formRecipients.formId))
    .where(where);
  return { ...(await listTotal(db, matching, paging, rows.length)), rows };
}

/** This person's open place in a form, if the form waits for them. */
export async function openPlaceOf(db: Database, principal: Principal, formId: number) {
  const [row] = await db
    .select({ recipient: formRecipients, form: forms })
    .from(formRecipients)
    .innerJoin(forms, eq(forms.id, formRecipients.formId))
    .where(
      and(
        eq(formRecipients.formId, formId),
        addressedTo(principal),
        eq(formRecipients.status, 'open'),
        ne(forms.status, 'cancelled'),
        isNull(forms.deletedAt),
      ),
    )
    .orderBy(asc(formRecipients.order))
    .limit(1);
  return row;
}

/** A form that a person may see: of their own company, and they are an administrator, its sender or one of its recipients. */
export async function visibleForm(db: Database, principal: Principal, formId: number) {
  const [row] = await db
    .select({ form: forms, template: templates.title })
    .from(forms)
    .innerJoin(templates, eq(templates.id, forms.templateId))
    .where(and(eq(forms.id, formId), isNull(forms.deletedAt), visibleTo(principal)));
  return row;
}

export async function recipientsOf(db: Database, formId: number) {
  return db.select().from(formRecipients).where(eq(formRecipients.formId, formId)).orderBy(asc(formRecipients.order));
}

/** The place a signing link names (its page id), with its form. */
export async function placeOfPage(db: Database, pageId: string): Promise<{ form: FormRecord; recipient: RecipientRecord } | undefined> {
  const [row] = await db
    .select({ recipient: formRecipients, form: forms })
    .from(formRecipients)
    .innerJoin(forms, eq(forms.id, formRecipients.formId))
    .where(eq(formRecipients.pageId, pageId));
  return row;
}

/** The name of the first recipient whose turn is open, if any. */
export async function firstOpenName(db: Database, formId: number): Promise<string | undefined> {
  const [first] = await db
    .select({ name: formRecipients.name })
    .from(formRecipients)
    .where(and(eq(formRecipients.formId, formId), eq(formRecipients.status, 'open')))
    .orderBy(asc(formRecipients.order))
    .limit(1);
  return first?.name;
}

export async function findRecipient(db: Database, recipientId: number): Promise<RecipientRecord | undefined> {
  const [row] = await db.select().from(formRecipients).where(eq(formRecipients.id, recipientId));
  return row;
}

/** The statuses of a form that waits for its recipients. */
const waitingStatuses: FormStatus[] = ['sent', 'in_progress', 'awaiting_approval'];

/** A form expires at most a year and a day after it was sent (`expiryOf`): a place mailed longer ago is of an expired form. */
const longestWait = 367 * 24 * 60 * 60_000;

/** When an open place was last mailed its link: its first mail, or its last reminder. */
export const lastMailed = sql`coalesce(${formRecipients.lastRemindedAt}, ${formRecipients.notifiedAt})`;

/**
 * The open places of the company's waiting, unexpired forms last mailed at least `gapMs` ago,
 * longest waiting first (the automatic reminders). Read from `form_recipients_reminder_idx`,
 * bounded below by the longest a form can wait, so the places of long-expired forms are not read.
 */
export async function dueReminders(db: Database, companyId: number, now: Date, gapMs: number, limit: number) {
  return db
    .select({ recipientId: formRecipients.id, form: forms })
    .from(formRecipients)
    .innerJoin(forms, eq(forms.id, formRecipients.formId))
    .where(
      and(
        eq(formRecipients.companyId, companyId),
        eq(formRecipients.status, 'open'),
        sql`${lastMailed} <= ${new Date(now.getTime() - gapMs).toISOString()}::timestamptz`,
        sql`${lastMailed} > ${new Date(now.getTime() - longestWait).toISOString()}::timestamptz`,
        inArray(forms.status, waitingStatuses),
        isNull(forms.deletedAt),
        sql`(${forms.expiresAt} is null or ${forms.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(lastMailed), asc(formRecipients.id))
    .limit(limit);
}

/**
 * Waiting forms whose expiry has passed and is not yet recorded, soonest due first (the hourly
 * expiry, across organisations). Read from `forms_expiry_due_idx`, which holds only waiting forms
 * not yet recorded as expired: the range up to `now` is the forms to record.
 */
export async function formsPastExpiry(db: Database, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: forms.id })
    .from(forms)
    .where(
      and(
        isNull(forms.expiredAt),
        isNotNull(forms.expiresAt),
        isNull(forms.deletedAt),
        inArray(forms.status, waitingStatuses),
        sql`${forms.expiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(forms.expiresAt), asc(forms.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Whether a form still waits for its recipients. */
export const isWaiting = (status: FormStatus): boolean => waitingStatuses.includes(status);

/** Records that the form passed its expiry (once: `formsPastExpiry` no longer finds it). */
export async function markExpired(db: Database, formId: number, now: Date): Promise<void> {
  await db.update(forms).set({ expiredAt: now }).where(eq(forms.id, formId));
}

/**
 * The company's forms that ended (completed, withdrawn, or expired while waiting) before
 * `cutoff` and still keep their data, read from `forms_retention_idx`: retention removes them.
 */
function endedBefore(companyId: number, cutoff: Date): SQL | undefined {
  return and(
    eq(forms.companyId, companyId),
    isNull(forms.deletedAt),
    isNull(forms.dataRemovedAt),
    inArray(forms.status, ['completed', 'cancelled', 'sent', 'in_progress', 'awaiting_approval']),
    sql`${formEnd(forms)} < ${cutoff.toISOString()}::timestamptz`,
  );
}

/** Some forms whose data retention removes now, oldest first. */
export async function formsToRemove(db: Database, companyId: number, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: forms.id })
    .from(forms)
    .where(endedBefore(companyId, cutoff))
    .orderBy(asc(formEnd(forms)), asc(forms.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** How many forms retention would remove at `cutoff`, counting at most `cap` + 1. */
export async function countFormsToRemove(db: Database, companyId: number, cutoff: Date, cap: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(
    db
      .select({ id: forms.id })
      .from(forms)
      .where(endedBefore(companyId, cutoff))
      .limit(cap + 1)
      .as('ended'),
  );
  return row?.count ?? 0;
}

/** Files a form on a case, or takes it off (null). */
export async function setFormTenant(db: Database, formId: number, tenantId: number | null): Promise<void> {
  await db.update(forms).set({ tenantId }).where(eq(forms.id, formId));
}
