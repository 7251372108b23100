/** The queries of the instance's kept certificates: one value per key, the first stored wins. */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { instance } from '../db/schema.js';

export async function readStored(db: Database, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: instance.value }).from(instance).where(eq(instance.key, key));
  return row?.value;
}

/** Keeps a value unless one is kept under its key already. */
export async function storeOnce(db: Database, key: string, value: string): Promise<void> {
  await db.insert(instance).values({ key, value }).onConflictDoNothing();
}
