/**
 * The organisations (`companies`): the one module that reads and writes their table. Their
 * details, settings and envelopes are read and changed here by every area that needs them;
 * the joins that only name a form's organisation (a seal, a verdict) read its name here too.
 *
 * The organisation's time zone is resolved here, once: the zone its settings name, or UTC
 * when it names none or one the runtime does not know (a report counted in UTC rather than
 * failing).
 */
import { asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rawRows } from '../db/raw-rows.js';
import { companies, type CompanySettings, type CompanyStamp } from '../db/schema.js';
import { containsPattern, offsetOf, type PageRequest } from '../db/list-filters.js';
import { companySearchText } from '../db/search-texts.js';
import { isLanguage, type Language } from '../i18n/i18n.js';
import { dateStyleOf, knownTimeZone, type DateStyle } from './dates.js';
import { languageOfSettings } from './settings.js';

export { fallbackTimeZone, knownTimeZone } from './dates.js';

export type CompanyRecord = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type CompanyChange = Partial<Pick<NewCompany, 'name' | 'address' | 'phone' | 'email' | 'vatNumber' | 'settings'>>;

export async function findCompany(db: Database, id: number): Promise<CompanyRecord | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** The organisation's name, or null when there is none of that id. */
export async function companyName(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
  return row?.name ?? null;
}

/** The organisation's name and settings in one read, or null when there is none of that id. */
export async function companyNameAndSettings(db: Database, id: number): Promise<{ name: string; settings: CompanySettings } | null> {
  const [row] = await db.select({ name: companies.name, settings: companies.settings }).from(companies).where(eq(companies.id, id));
  return row ?? null;
}

/** Every organisation's settings, for the jobs that act on them (automatic reminders, retention). */
export async function everyCompanySettings(db: Database): Promise<{ id: number; settings: CompanySettings }[]> {
  return db.select({ id: companies.id, settings: companies.settings }).from(companies).orderBy(companies.id);
}

export async function companySettings(db: Database, id: number): Promise<CompanySettings | null> {
  const [row] = await db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, id));
  return row?.settings ?? null;
}

/** The organisation's time zone, in which the lists' day filters and the reports' months are counted. */
export async function companyTimeZone(db: Database, id: number): Promise<string> {
  return knownTimeZone((await companySettings(db, id))?.timezone);
}

/** How the organisation writes its dates now (a sealed PDF keeps the style of its sealing). */
export async function companyDateStyle(db: Database, id: number): Promise<DateStyle> {
  return dateStyleOf(await companySettings(db, id));
}

/** The language a person of an organisation reads their mails in: their own choice, else their organisation's. */
export async function personLanguage(db: Database, person: { language: string | null; companyId: number }): Promise<Language> {
  return isLanguage(person.language) ? person.language : languageOfSettings(await companySettings(db, person.companyId));
}

export async function insertCompany(db: Database, values: NewCompany): Promise<CompanyRecord> {
  const [row] = await db.insert(companies).values(values).returning();
  if (!row) throw new Error('The organisation was not created.');
  return row;
}

/** Changes the organisation's details or settings; the organisation as it is after. */
export async function updateCompany(db: Database, id: number, change: CompanyChange): Promise<CompanyRecord | undefined> {
  if (Object.keys(change).length === 0) return findCompany(db, id);
  const [row] = await db.update(companies).set(change).where(eq(companies.id, id)).returning();
  return row;
}

/** The organisation's stamp, or null when it has none. */
export async function companyStamp(db: Database, id: number): Promise<CompanyStamp | null> {
  const [row] = await db.select({ stamp: companies.stamp }).from(companies).where(eq(companies.id, id));
  return row?.stamp ?? null;
}

/** Sets (or, with null, removes) the organisation's stamp; answers the one it had, or undefined when there is no such organisation. */
export async function replaceCompanyStamp(
  db: Database,
  id: number,
  stamp: CompanyStamp | null,
): Promise<{ before: CompanyStamp | null } | undefined> {
  const [before] = await db.select({ stamp: companies.stamp }).from(companies).where(eq(companies.id, id)).for('update');
  if (!before) return undefined;
  await db.update(companies).set({ stamp }).where(eq(companies.id, id));
  return { before: before.stamp };
}

/** Envelopes not used yet (never below zero). */
export async function unusedEnvelopes(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ bought: companies.envelopesBought, used: companies.envelopesUsed }).from(companies).where(eq(companies.id, id));
  return Math.max(0, (row?.bought ?? 0) - (row?.used ?? 0));
}

export async function addEnvelopes(db: Database, id: number, envelopes: number): Promise<void> {
  await db
    .update(companies)
    .set({ envelopesBought: sql`${companies.envelopesBought} + ${envelopes}` })
    .where(eq(companies.id, id));
}

/**
 * Uses up to `wanted` envelopes, in one statement (the organisation's row is locked, so two
 * sends at once cannot both take the last): how many were taken (fewer than wanted when they
 * ran out, none when none was left), the envelopes left after, and the organisation's name;
 * null when it is gone.
 */
export async function useEnvelopes(db: Database, id: number, wanted: number): Promise<{ taken: number; unused: number; name: string } | null> {
  const [row] = await rawRows<{ taken: number; unused: number; name: string }>(
    db,
    sql`with locked as (
          select ${companies.id} as id, greatest(${companies.envelopesBought} - ${companies.envelopesUsed}, 0) as free
          from ${companies} where ${companies.id} = ${id} for update
        )
        update ${companies} set envelopes_used = ${companies.envelopesUsed} + least(${wanted}::int, locked.free)
        from locked where ${companies.id} = locked.id
        returning least(${wanted}::int, locked.free)::int as taken, (locked.free - least(${wanted}::int, locked.free))::int as unused, ${companies.name} as name`,
  );
  return row ?? null;
}

/** The instance's own organisation: the first made (at first start), whose super users run the instance. */
export async function instanceCompanyId(db: Database): Promise<number | null> {
  const [row] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  return row?.id ?? null;
}

/** An organisation as the instance's super users list it: its details and its envelopes. */
export interface OrganisationRow {
  id: number;
  name: string;
  email: string;
  createdAt: Date;
  envelopesBought: number;
  envelopesUsed: number;
}

const matchingOrganisations = (words: string | null) => (words ? ilike(companySearchText, containsPattern(words)) : undefined);

/**
 * A page of the organisations, newest first, those whose name or email holds `words`. Newest
 * is the highest id (ids are given in the order organisations are made), so the primary key
 * serves the order and the page; the search is served by `companies_search_idx`.
 */
export async function pageOfOrganisations(db: Database, words: string | null, page: PageRequest): Promise<OrganisationRow[]> {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      email: companies.email,
      createdAt: companies.createdAt,
      envelopesBought: companies.envelopesBought,
      envelopesUsed: companies.envelopesUsed,
    })
    .from(companies)
    .where(matchingOrganisations(words))
    .orderBy(desc(companies.id))
    .limit(page.limit)
    .offset(offsetOf(page));
}

/** The organisations a page of `pageOfOrganisations` is taken from, to be counted (`listTotal`). */
export function organisationsToCount(db: Database, words: string | null) {
  return db
    .select({ one: sql`1` })
    .from(companies)
    .where(matchingOrganisations(words));
}

/** Holds the company's row until the end of the transaction: changes counted per company (its API keys) wait for each other. */
export async function lockCompany(db: Database, id: number): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update');
  return rows.length > 0;
}
