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
import { actionTextsIn, eventsMatching } from './action-texts.js';
import { formEventWords, formTrailEvents } from '../../audit/form-events.js';
import { type Language } from '../../i18n/i18n.js';

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
  /** The language the actions are read in: searched (as well as English) and sorted in it. */
  language?: Language;
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

/** The action text in `language` as SQL, so that sorting by it sorts what people read (made once for each language). */
const actionTextSql = new Map<Language, SQL>();
function actionTextSqlIn(language: Language): SQL {
  let found = actionTextSql.get(language);
  if (!found) {
    found = sql`(case ${auditEvents.event} ${sql.join(
      actionTextsIn(language).map(([event, text]) => sql`when ${event} then ${text}`),
      sql` `,
    )} else ${auditEvents.event} end)`;
    actionTextSql.set(language, found);
  }
  return found;
}

const userShown = sql<string>`coalesce(${users.email}, ${auditEvents.actor})`;

const logSorts = (language: Language): Record<string, AnyColumn | SQL> => ({
  at: auditEvents.at,
  user: userShown,
  action: actionTextSqlIn(language),
  target: auditEvents.target,
  level: auditEvents.level,
});

export async function listLogRecords(db: Database, companyId: number, query: LogQuery): Promise<ListTotal & { rows: LogRow[] }> {
  let matching: SQL | undefined;
  if (query.search) {
    const pattern = containsPattern(query.search);
    const events = eventsMatching(query.search, query.language ?? 'en');
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
  const sortColumn = logSorts(query.language ?? 'en')[query.sort ?? 'at'] ?? auditEvents.at;
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

/** The events the form audit shows (the contract's `AuditEvent.event`): the ones the sealed PDF's trail lists. */
export const formAuditEvents: readonly FormAuditEvent['event'][] = formTrailEvents;
// Every event the contract names has the sealed PDF's words.
const contractEventsWorded: Record<FormAuditEvent['event'], string> = formEventWords;
void contractEventsWorded;

export type FormAuditFilters = Omit<FormAuditQuery, keyof PageRequest>;

export interface FormAuditQuery extends PageRequest {
  event?: FormAuditEvent['event'] | undefined;
  template?: number | undefined;
  /** One form's events. */
  form?: number | undefined;
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

/** The condition of the form audit's events: the filters, within the forms the person may see (`forms/visibility.ts`). */
function formAuditWhere(db: Database, viewer: Viewer, query: FormAuditFilters): SQL | undefined {
  const { companyId } = viewer;
  const ofEvents = and(
    eq(auditEvents.companyId, companyId),
    query.form ? eq(auditEvents.formId, query.form) : isNotNull(auditEvents.formId),
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
  return and(
    ofEvents,
    query.template ? inArray(auditEvents.formId, formsWhere(eq(forms.templateId, query.template))) : undefined,
    pattern
      ? or(sql`${auditEvents.formId} = any(array(${formsWhere(sql`${formSearchText} ilike ${pattern}`)}))`, sql`${auditSearchText} ilike ${pattern}`)
      : undefined,
  );
}

const formAuditColumns = {
  id: auditEvents.id,
  formId: sql<number>`${auditEvents.formId}`,
  reference: sql<string>`coalesce(${forms.reference}, '')`,
  title: sql<string>`coalesce(${forms.title}, '')`,
  event: sql<FormAuditEvent['event']>`${auditEvents.event}`,
  actor: auditEvents.actor,
  at: auditEvents.at,
  ip: auditEvents.ip,
};

const joinedForm = and(eq(forms.id, auditEvents.formId), eq(forms.companyId, auditEvents.companyId));

/** The audit trail of the forms the person may see (`forms/visibility.ts`): the company's for its administrators, a personal administrator's own. */
export async function listFormAuditEvents(db: Database, viewer: Viewer, query: FormAuditQuery): Promise<ListTotal & { rows: FormAuditRow[] }> {
  const where = formAuditWhere(db, viewer, query);
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
    .select(formAuditColumns)
    .from(auditEvents)
    .leftJoin(forms, joinedForm)
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

/** Whether more than `cap` events match: counts at most `cap` + 1 of them. */
export async function formAuditExceeds(db: Database, viewer: Viewer, query: FormAuditFilters, cap: number): Promise<boolean> {
  const counted = db
    .select({ one: sql`1` })
    .from(auditEvents)
    .where(formAuditWhere(db, viewer, query))
    .limit(cap + 1)
    .as('counted');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(counted);
  return (row?.n ?? 0) > cap;
}

/** Where an export has read to: the last event's time as the database keeps it (to the microsecond), and its id. */
export interface FormAuditCursor {
  at: string;
  id: number;
}

/** The next events of an export, oldest first, after the last one read (by time, then id). */
export async function formAuditBatch(
  db: Database,
  viewer: Viewer,
  query: FormAuditFilters,
  after: FormAuditCursor | null,
  size: number,
): Promise<(FormAuditRow & { cursor: FormAuditCursor })[]> {
  const rows = await db
    .select({ ...formAuditColumns, atExact: sql<string>`${auditEvents.at}::text` })
    .from(auditEvents)
    .leftJoin(forms, joinedForm)
    .where(
      and(
        formAuditWhere(db, viewer, query),
        after ? sql`(${auditEvents.at}, ${auditEvents.id}) > (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(auditEvents.at), asc(auditEvents.id))
    .limit(size);
  return rows.map(({ atExact, ...row }) => ({ ...row, cursor: { at: atExact, id: row.id } }));
}
