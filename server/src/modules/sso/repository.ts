/**
 * The queries of organisations' single sign-on providers (one per organisation, keyed by it).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { ssoProviders } from '../../db/schema.js';

export type SsoProviderRecord = typeof ssoProviders.$inferSelect;
export type NewSsoProvider = typeof ssoProviders.$inferInsert;

export async function findSsoProvider(db: Database, companyId: number): Promise<SsoProviderRecord | undefined> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.companyId, companyId));
  return row;
}

/** Saves the organisation's provider, held until the end of the transaction. */
export async function lockSsoProvider(db: Database, companyId: number): Promise<SsoProviderRecord | undefined> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.companyId, companyId)).for('update');
  return row;
}

export async function saveSsoProvider(db: Database, provider: NewSsoProvider): Promise<SsoProviderRecord> {
  const { companyId: _companyId, ...change } = provider;
  const [row] = await db.insert(ssoProviders).values(provider).onConflictDoUpdate({ target: ssoProviders.companyId, set: change }).returning();
  if (!row) throw new Error('The sign-in provider was not saved.');
  return row;
}

/** Records that a sign-in through the provider worked with these settings (those it was started with). */
export async function markSsoProviderVerified(db: Database, companyId: number, at: Date): Promise<void> {
  await db.update(ssoProviders).set({ verifiedAt: at }).where(eq(ssoProviders.companyId, companyId));
}

/** Whether the organisation has turned passwords off (single sign-on required and on). */
export async function passwordsOff(db: Database, companyId: number): Promise<SsoProviderRecord | null> {
  const row = await findSsoProvider(db, companyId);
  return row && row.enabled && row.required ? row : null;
}
