/**
 * A company's time zone (its settings), in which the lists' day filters and the reports'
 * months are counted. A zone the runtime does not know falls back to UTC rather than failing
 * a report.
 */
import { eq } from 'drizzle-orm';
import type { Database } from './database.js';
import { companies } from './schema.js';

export function knownTimeZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

export async function companyTimeZone(db: Database, companyId: number): Promise<string> {
  const [row] = await db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId));
  return knownTimeZone(row?.settings.timezone);
}
