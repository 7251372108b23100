/**
 * Recording what happened. Every change writes its event with the same database handle (the
 * transaction) as the change itself, so the trail and the data never disagree; the action
 * records, the system log and the form audit read these rows.
 */
import type { Database } from '../db/database.js';
import type { AuditEvent } from '../db/schema.js';
import { apiKeyLabel } from '../auth/api-keys.js';
import type { Principal } from '../auth/principal.js';
import { insertAuditEvents, type NewAuditEvent } from './repository.js';
import { isWords, type Words } from '../i18n/words.js';
import { say, sayText, type Language } from '../i18n/i18n.js';

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

/**
 * The details of a system event's message: its English (what the system log searches, and
 * shows as kept), with its words and values, so that the log says it in its reader's language.
 */
export function systemMessage(words: Words, values: Record<string, unknown> = {}): Record<string, unknown> {
  return { message: say('en', words, values), words: { id: words.id, message: words.message }, values };
}

/** A system event's message in `language`: from its words when it kept them, else as it was written; null when it has none. */
export function systemMessageIn(details: Record<string, unknown>, language: Language): string | null {
  const message = details['message'];
  if (typeof message !== 'string' || message === '') return null;
  const words = details['words'];
  const values = details['values'];
  if (isWords(words)) return say(language, words, typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {});
  return sayText(language, message);
}

/** An event as written, handed to those that follow the trail. */
export interface RecordedEvent {
  id: number;
  at: Date;
  event: AuditEvent;
  companyId: number | null;
  formId: number | null;
  level: 'info' | 'warning' | 'error';
  target: string;
  details: Record<string, unknown>;
}

/**
 * What follows the trail: called with the handle of the change (its transaction) for every
 * event written, so what it writes is committed, or rolled back, with the event. Registered
 * by the composition root (the webhooks queue their deliveries this way), so this module names
 * no area.
 */
/** Follows the events as they are written, in the same transaction, many at once when many are written together. */
export type EventFollower = (db: Database, events: readonly RecordedEvent[]) => Promise<void>;

const followers = new Set<EventFollower>();

export function followEvents(follower: EventFollower): void {
  followers.add(follower);
}

function rowOf(record: EventRecord): NewAuditEvent {
  const { actor } = record;
  const who =
    actor === 'system'
      ? { userId: null, actor: '', source: 'system' as const }
      : 'sessionId' in actor
        ? { userId: actor.userId, actor: actor.apiKey ? apiKeyLabel(actor.apiKey) : actor.displayName, source: 'user' as const }
        : { userId: actor.userId, actor: actor.name, source: 'user' as const };
  return {
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
  };
}

/** Writes events, in order, in one statement (the forms of a bulk send's batch write theirs together). */
export async function recordEvents(db: Database, records: readonly EventRecord[]): Promise<void> {
  const written = await insertAuditEvents(db, records.map(rowOf));
  if (followers.size === 0 || records.length === 0) return;
  const recorded = records.map((record, index): RecordedEvent => ({
    ...(written[index] as { id: number; at: Date }),
    event: record.event,
    companyId: record.companyId,
    formId: record.formId ?? null,
    level: record.level ?? 'info',
    target: record.target ?? '',
    details: record.details ?? {},
  }));
  for (const follower of followers) await follower(db, recorded);
}

export async function recordEvent(db: Database, record: EventRecord): Promise<void> {
  await recordEvents(db, [record]);
}
