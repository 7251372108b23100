/** The queries of a company's translations of the interface. */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { translations } from '../../db/schema.js';

export interface Translation {
  language: string;
  /** The interface's English text. */
  source: string;
  text: string;
}

/** A company's translations, by language, then English text. */
export async function translationsOf(db: Database, companyId: number): Promise<Translation[]> {
  return db
    .select({ language: translations.language, source: translations.source, text: translations.text })
    .from(translations)
    .where(eq(translations.companyId, companyId))
    .orderBy(asc(translations.language), asc(translations.source));
}

/** Sets the company's texts in a language (a text already there is replaced). */
export async function upsertTranslations(
  db: Database,
  companyId: number,
  language: string,
  texts: { source: string; text: string }[],
): Promise<void> {
  if (texts.length === 0) return;
  await db
    .insert(translations)
    .values(texts.map((text) => ({ companyId, language, ...text })))
    .onConflictDoUpdate({ target: [translations.companyId, translations.language, translations.source], set: { text: sql`excluded.text` } });
}

/** Takes the company's texts off, so the interface's own show. */
export async function removeTranslations(db: Database, companyId: number, language: string, sources: string[]): Promise<void> {
  if (sources.length === 0) return;
  await db
    .delete(translations)
    .where(and(eq(translations.companyId, companyId), eq(translations.language, language), inArray(translations.source, sources)));
}

/** How many texts the company has reworded, in all its languages. */
export async function countTranslations(db: Database, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(translations).where(eq(translations.companyId, companyId));
  return row?.n ?? 0;
}
