/** The queries of a company's translations of the interface. */
import { asc, eq } from 'drizzle-orm';
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
