/**
 * The queries of the audit trail's own table: an event written with the handle of the change
 * it records (the transaction), so that the trail and the data never disagree; and reading the
 * trail back where a rule counts what happened (how often a signing link saved a draft in the
 * last hour). The reports that read the trail (the action records, the system log, the form
 * audit, a seal's history) are their areas' queries.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rawRows } from '../db/raw-rows.js';
import { auditEvents, type AuditEvent } from '../db/schema.js';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

/** Writes events in one statement; answers each one's id and time, in order. */
export async function insertAuditEvents(db: Database, events: readonly NewAuditEvent[]): Promise<{ id: number; at: Date }[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(auditEvents)
    .values([...events])
    .returning({ id: auditEvents.id, at: auditEvents.at });
  if (rows.length !== events.length) throw new Error('The audit events were not written.');
  return rows;
}

/**
 * Keeps of a form's trail only what happened, when and by whom: the addresses, browsers and
 * details (addresses mailed, answers' places, comments) go, when retention removes the form's data.
 */
export async function trimFormEvents(db: Database, formId: number): Promise<void> {
  await db.update(auditEvents).set({ ip: '', userAgent: '', details: {} }).where(eq(auditEvents.formId, formId));
}

export interface RecentEvents {
  /** How many of the events happened in the last hour, counting at most `most`. */
  count: number;
  /** Seconds until the oldest of those counted is an hour old (0 when none is). */
  secondsUntilOldestLeaves: number;
}

/** The last events of one kind for one place (`details.order`) of a form, in the last hour. */
export async function recentPlaceEvents(db: Database, formId: number, event: AuditEvent, order: number, most: number): Promise<RecentEvents> {
  const [recent] = await rawRows<{ saves: number; wait: number }>(
    db,
    sql`select count(*)::int as saves,
               coalesce(ceil(extract(epoch from min(at) + interval '1 hour' - now())), 0)::int as wait
          from (select ${auditEvents.at} as at
                  from ${auditEvents}
                 where ${auditEvents.formId} = ${formId}
                   and ${auditEvents.event} = ${event}
                   and ${auditEvents.details} ->> 'order' = ${String(order)}
                   and ${auditEvents.at} > now() - interval '1 hour'
                 order by ${auditEvents.at} desc
                 limit ${most}) as last_saves`,
  );
  return { count: recent?.saves ?? 0, secondsUntilOldestLeaves: recent?.wait ?? 0 };
}

/** The events of one kind on a form, oldest first: what a form's progress shows of them (a form has few of a kind; read by `audit_form_idx`). */
export async function formEventsOfKind(db: Database, formId: number, event: AuditEvent): Promise<{ at: Date; details: Record<string, unknown> }[]> {
  return db
    .select({ at: auditEvents.at, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.formId, formId), eq(auditEvents.event, event)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
}
