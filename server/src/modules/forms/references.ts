/**
 * A form's human reference: the company's initials, the year and a number counting up each
 * year (`NWC-2026-0042`). Sends of one company take their numbers one after the other (the
 * company's row is locked); a number taken by a form stored another way is refused by the
 * database's unique index, and the send takes the next.
 */
import type { Database } from '../../db/database.js';
import { formsMadeInYear, keepReferenceNumber, takeReferenceNumbers } from './new-form-repository.js';

export function initials(companyName: string): string {
  const words = companyName
    .replace(/\b(ltd|limited|plc|llc|inc|gmbh)\b\.?/gi, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const letters = words.length >= 2 ? words.map((word) => word[0]).join('') : (words[0] ?? 'FS').slice(0, 3);
  return letters.toUpperCase().slice(0, 4) || 'FS';
}

/** The reference of the year's form number `n`. */
export function referenceOf(companyName: string, year: number, n: number): string {
  return `${initials(companyName)}-${year}-${String(n).padStart(4, '0')}`;
}

/**
 * The references of `count` new forms of the company's year: the year's count goes on. The
 * company keeps the last number taken (its row is locked by the send already, for its
 * envelopes), so a send reads one row however many forms the year has. The count of the year's
 * forms is read instead when the company has no number for the year (its first form of the year,
 * or the first since this was kept) and after a number was found taken (a form stored another
 * way, as the demo's are): then `attempt` further on, as each try after a taken number asks.
 */
export async function yearReferences(
  db: Database,
  companyId: number,
  companyName: string,
  at: Date,
  count: number,
  attempt: number,
): Promise<string[]> {
  const year = at.getUTCFullYear();
  let last = attempt === 0 ? await takeReferenceNumbers(db, companyId, year, count) : null;
  if (last === null) {
    // The first try takes the number after the count; each try after a taken number, one further.
    last = (await formsMadeInYear(db, companyId, year)) + Math.max(0, attempt - 1) + count;
    await keepReferenceNumber(db, companyId, year, last);
  }
  const first = last - count + 1;
  return Array.from({ length: count }, (_, index) => referenceOf(companyName, year, first + index));
}
