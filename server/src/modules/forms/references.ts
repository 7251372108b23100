/**
 * A form's human reference: the company's initials, the year and a number counting up each
 * year (`NWC-2026-0042`). Two forms sent at once may pick the same number; the database's
 * unique index refuses the second, which then takes the next.
 */
import type { Database } from '../../db/database.js';
import { formsMadeInYear } from './new-form-repository.js';

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
 * The references of `count` new forms of the company's year: the year's count goes on. A
 * number taken meanwhile is tried again `attempt` further on.
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
  const made = await formsMadeInYear(db, companyId, year);
  return Array.from({ length: count }, (_, index) => referenceOf(companyName, year, made + 1 + attempt + index));
}
