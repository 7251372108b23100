/**
 * What a new database gets on first start: the demo organisation (unless `FORMSIGN_DEMO=0`),
 * or the first administrator named by `FORMSIGN_ADMIN_*`. Runs once: a database that has an
 * organisation already is left alone.
 */
import { count, sql } from 'drizzle-orm';
import type { Passwords } from '../auth/passwords.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { companies, users } from '../db/schema.js';
import { defaultSettings } from '../companies/settings.js';
import { demoHashes, seedDemo, type DemoSeed } from './demo.js';

export type FirstStart = { kind: 'existing' } | { kind: 'demo'; demo: DemoSeed } | { kind: 'administrator'; name: string } | { kind: 'empty' };

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

export async function seedFirstStart(
  db: Database,
  config: Pick<ServerConfig, 'demo' | 'firstAdmin'>,
  passwords: Passwords,
  now: Date,
): Promise<FirstStart> {
  if (!(await isEmpty(db))) return { kind: 'existing' };
  const admin = config.firstAdmin;
  if (!config.demo && !admin) return { kind: 'empty' };
  // Hashed before the transaction; the transaction locks the table, so that of several server
  // processes starting on one new database, one seeds and the others find it seeded.
  const hashes = config.demo ? await demoHashes(passwords) : null;
  const adminHash = !config.demo && admin ? await passwords.hash(admin.password) : null;
  return db.transaction(async (tx): Promise<FirstStart> => {
    await tx.execute(sql`lock table companies in share row exclusive mode`);
    if (!(await isEmpty(tx))) return { kind: 'existing' };
    if (hashes) return { kind: 'demo', demo: await seedDemo(tx, hashes, now) };
    if (!admin || !adminHash) return { kind: 'empty' };
    const [company] = await tx.insert(companies).values({ name: 'My organisation', email: admin.email, settings: defaultSettings() }).returning();
    if (!company) throw new Error('The organisation was not created.');
    await tx.insert(users).values({
      companyId: company.id,
      name: admin.name,
      email: admin.email,
      passwordHash: adminHash,
      passwordChangedAt: now,
      role: 'admin',
      class: 'Administrator',
      activatedAt: now,
    });
    return { kind: 'administrator', name: admin.name };
  });
}
