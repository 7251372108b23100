/**
 * The queries of the action records, the system log and the form audit: all three read the
 * audit trail (`audit_events`) of the caller's company, never a copy of it. Filtering,
 * sorting, counting and paging happen in the database.
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuditEvent as FormAuditEvent } from '@formsign/sdk/contract';
import type { Database } from '../../db/database.js';
import { containsPattern, dayRange, listTotal, offsetOf, type ListTotal, type PageRequest } from '../../db/list-filters.js';
import { auditSearchText, formSearchText } from '../../db/search-texts.js';
import { auditEvents, forms, users, type AuditEvent } from '../../db/schema.js';
import { formIdVisibleTo, type Viewer } from '../forms/visibility.js';
import { actionTexts, eventsMatching } from './action-texts.js';

type Order = 'asc' | 'desc' | undefined;

const direction = (order: Order, fallback: 'asc' | 'desc') => ((order ?? fallback) === 'asc' ? asc : desc);

export interface LogQuery extends PageRequest {
  source: 'user' | 'system';
  /** The words searched for (already trimmed), or null. */
  search: string | null;
  from?: string | undefined;
  to?: string | undefined;
  sort?: string | undefined;
  order?: Order;
  timeZone: string;
}

export interface LogRow {
  id: number;
  at: Date;
  source: 'user' | 'system';
  level: 'info' | 'warning' | 'error';
  /** The person's email while they have an account, else the name recorded. */
  user: string;
  event: AuditEvent;
  details: Record<string, unknown>;
  target: string;
  ip: string;
}

/** The action text as SQL, so that sorting by it sorts what people read. */
const actionTextSql = sql`(case ${auditEvents.event} ${sql.join(
  Object.entries(actionTexts).map(([event, text]) => sql`when ${event} then ${text}`),
  sql` `,
)} else ${auditEvents.event} end)`;

const userShown = sql<string>`coalesce(${users.email}, ${auditEvents.actor})`;

const logSorts: Record<string, AnyColumn | SQL> = {
  at: auditEvents.at,
  user: userShown,
  action: actionTextSql,
  target: auditEvents.target,
  level: auditEvents.level,
};

export async function listLogRecords(db: Database, companyId: number, query: LogQuery): Promise<ListTotal & { rows: LogRow[] }> {
  let matching: SQL | undefined;
  if (query.search) {
    const pattern = containsPattern(query.search);
    const events = eventsMatching(query.search);
    const people = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), ilike(users.email, pattern)));
    // Each alternative has an index (trigrams, the event, the user), so they combine without reading every event.
    matching = or(
      sql`${auditSearchText} ilike ${pattern}`,
      events.length > 0 ? inArray(auditEvents.event, events) : undefined,
      sql`${auditEvents.userId} = any(array(${people}))`,
      query.source === 'system' ? sql`${auditEvents.details}->>'message' ilike ${pattern}` : undefined,
    );
  }
  const where = and(
    eq(auditEvents.companyId, companyId),
    eq(auditEvents.source, query.source),
    dayRange(auditEvents.at, query.timeZone, query.from, query.to),
    matching,
  );
  const sortColumn = logSorts[query.sort ?? 'at'] ?? auditEvents.at;
  const sortOrder = direction(query.order, sortColumn === auditEvents.at ? 'desc' : 'asc');
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      source: auditEvents.source,
      level: auditEvents.level,
      user: userShown,
      event: auditEvents.event,
      details: auditEvents.details,
      target: auditEvents.target,
      ip: auditEvents.ip,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .where(where)
    .orderBy(sortOrder(sortColumn), sortOrder(auditEvents.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return {
    ...(await listTotal(
      db,
      db
        .select({ one: sql`1` })
        .from(auditEvents)
        .where(where),
      query,
      rows.length,
    )),
    rows,
  };
}

/** The events the form audit shows (the contract's `AuditEvent.event`). */
export const formAuditEvents: readonly FormAuditEvent['event'][] = [
  'created',
  'sent',
  'opened',
  'signed',
  'approved',
  'disapproved',
  'declined',
  'resent',
  'completed',
  'downloaded',
  'deleted',
];

export interface FormAuditQuery extends PageRequest {
  event?: FormAuditEvent['event'] | undefined;
  template?: number | undefined;
  search: string | null;
  from?: string | undefined;
  to?: string | undefined;
  sort?: string | undefined;
  order?: Order;
  timeZone: string;
}

export interface FormAuditRow {
  id: number;
  formId: number;
  reference: string;
  title: string;
  event: FormAuditEvent['event'];
  actor: string;
  at: Date;
  ip: string;
}

const formAuditSorts: Record<string, AnyColumn | SQL> = {
  at: auditEvents.at,
  reference: forms.reference,
  title: forms.title,
  event: auditEvents.event,
  actor: auditEvents.actor,
};

/** The audit trail of the forms the person may see (`forms/visibility.ts`): the company's for its administrators, a personal administrator's own. */
export async function listFormAuditEvents(db: Database, viewer: Viewer, query: FormAuditQuery): Promise<ListTotal & { rows: FormAuditRow[] }> {
  const { companyId } = viewer;
  const ofEvents = and(
    eq(auditEvents.companyId, companyId),
    isNotNull(auditEvents.formId),
    formIdVisibleTo(viewer, auditEvents.formId),
    query.event ? eq(auditEvents.event, query.event) : inArray(auditEvents.event, [...formAuditEvents]),
    dayRange(auditEvents.at, query.timeZone, query.from, query.to),
  );
  const pattern = query.search ? containsPattern(query.search) : null;
  const formsWhere = (condition: SQL) =>
    db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.companyId, companyId), condition));
  const where = and(
    ofEvents,
    query.template ? inArray(auditEvents.formId, formsWhere(eq(forms.templateId, query.template))) : undefined,
    pattern
      ? or(sql`${auditEvents.formId} = any(array(${formsWhere(sql`${formSearchText} ilike ${pattern}`)}))`, sql`${auditSearchText} ilike ${pattern}`)
      : undefined,
  );
  const joined = and(eq(forms.id, auditEvents.formId), eq(forms.companyId, auditEvents.companyId));
  const sortColumn = formAuditSorts[query.sort ?? 'at'] ?? auditEvents.at;
  const sortOrder = direction(query.order, sortColumn === auditEvents.at ? 'desc' : 'asc');
  // Sorted by the events' own columns, the page's events are found first and only they are
  // joined to their forms (not every matching event of the organisation before the sort).
  const bySortOfForms = sortColumn === forms.reference || sortColumn === forms.title;
  const pageOfEvents = db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(where)
    .orderBy(sortOrder(sortColumn), sortOrder(auditEvents.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const rows = await db
    .select({
      id: auditEvents.id,
      formId: sql<number>`${auditEvents.formId}`,
      reference: sql<string>`coalesce(${forms.reference}, '')`,
      title: sql<string>`coalesce(${forms.title}, '')`,
      event: sql<FormAuditEvent['event']>`${auditEvents.event}`,
      actor: auditEvents.actor,
      at: auditEvents.at,
      ip: auditEvents.ip,
    })
    .from(auditEvents)
    .leftJoin(forms, joined)
    .where(bySortOfForms ? where : inArray(auditEvents.id, pageOfEvents))
    .orderBy(sortOrder(sortColumn), sortOrder(auditEvents.id))
    .limit(query.limit)
    .offset(bySortOfForms ? offsetOf(query) : 0);
  return {
    ...(await listTotal(
      db,
      db
        .select({ one: sql`1` })
        .from(auditEvents)
        .where(where),
      query,
      rows.length,
    )),
    rows,
  };
}
