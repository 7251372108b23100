/**
 * Recording what happened. Every change writes its event with the same database handle (the
 * transaction) as the change itself, so the trail and the data never disagree; the action
 * records, the system log and the form audit read these rows.
 */
import type { Database } from '../db/database.js';
import type { AuditEvent } from '../db/schema.js';
import { apiKeyLabel } from '../auth/api-keys.js';
import type { Principal } from '../auth/principal.js';
import { insertAuditEvent } from './repository.js';

export interface Origin {
  ip: string;
  userAgent: string;
}

export interface EventRecord {
  event: AuditEvent;
  companyId: number | null;
  /** Who acted: a signed-in person, someone without an account (by name), or the system. */
  actor: Principal | { userId: number | null; name: string } | 'system';
  target?: string;
  formId?: number | null;
  level?: 'info' | 'warning' | 'error';
  details?: Record<string, unknown>;
  origin?: Origin;
}

export async function recordEvent(db: Database, record: EventRecord): Promise<void> {
  const { actor } = record;
  const who =
    actor === 'system'
      ? { userId: null, actor: '', source: 'system' as const }
      : 'sessionId' in actor
        ? { userId: actor.userId, actor: actor.apiKey ? apiKeyLabel(actor.apiKey) : actor.displayName, source: 'user' as const }
        : { userId: actor.userId, actor: actor.name, source: 'user' as const };
  await insertAuditEvent(db, {
    companyId: record.companyId,
    userId: who.userId,
    actor: who.actor,
    source: who.source,
    level: record.level ?? 'info',
    event: record.event,
    target: record.target ?? '',
    formId: record.formId ?? null,
    ip: record.origin?.ip ?? '',
    userAgent: record.origin?.userAgent ?? '',
    details: record.details ?? {},
  });
}
