/**
 * The queries of the audit trail's own table: an event written with the handle of the change
 * it records (the transaction), so that the trail and the data never disagree. The reports
 * that read the trail (the action records, the system log, the form audit, a seal's history)
 * are their areas' queries.
 */
import type { Database } from '../db/database.js';
import { auditEvents } from '../db/schema.js';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export async function insertAuditEvent(db: Database, event: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(event);
}
