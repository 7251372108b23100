/**
 * The queries of organisations' API keys: the principal's resolution reads a key by its hash
 * on every call made with one, and the keys area lists, makes and revokes them. Both use
 * them, so they sit here, below the areas.
 */
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { apiKeys, companies, users } from '../db/schema.js';
import { personColumns } from './principal.js';

export type ApiKeyRecord = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

/** A key with the name of the administrator who made it. */
export interface ListedApiKey extends ApiKeyRecord {
  creatorFirstName: string;
  creatorLastName: string;
  creatorName: string;
}

const listed = {
  id: apiKeys.id,
  companyId: apiKeys.companyId,
  name: apiKeys.name,
  role: apiKeys.role,
  hash: apiKeys.hash,
  prefix: apiKeys.prefix,
  createdBy: apiKeys.createdBy,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  creatorName: users.name,
};

/** The key of a hash, with the person it acts for and their company. */
export async function findKeyByHash(db: Database, hash: string) {
  const [row] = await db
    .select({ key: apiKeys, person: personColumns })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(eq(apiKeys.hash, hash));
  return row;
}

/** Moves `last_used_at` on, unless a call did within the last minute (one write a minute per key at most). */
export async function touchKey(db: Database, id: number, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
}

/** The company's keys, newest first (at most `limit`). */
export async function listCompanyKeys(db: Database, companyId: number, limit: number): Promise<ListedApiKey[]> {
  return db
    .select(listed)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.id))
    .limit(limit);
}

export async function findCompanyKey(db: Database, companyId: number, id: number): Promise<ListedApiKey | undefined> {
  const [row] = await db
    .select(listed)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)));
  return row;
}

/** How many keys of the company are not revoked (read under the company's row lock by the caller). */
export async function countLiveKeys(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(db: Database, key: NewApiKey): Promise<number> {
  const [row] = await db.insert(apiKeys).values(key).returning({ id: apiKeys.id });
  if (!row) throw new Error('The API key was not stored.');
  return row.id;
}

/** Revokes a key that is not revoked yet; answers whether it did. */
export async function revokeKey(db: Database, companyId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
