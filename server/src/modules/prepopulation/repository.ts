/**
 * The queries of pre-population: the company's data sources with their template and how many
 * records each holds, one source, its record ids, and records by id; creating a source with
 * its records, renaming, mapping and deleting one; a page of records searched in any value,
 * changing and deleting a record.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { containsPattern, offsetOf, type PageRequest } from '../../db/list-filters.js';
import { prepopulationRecords, prepopulationSources, templates, type FieldDefinition } from '../../db/schema.js';

export interface SourceRecord {
  id: number;
  name: string;
  templateId: number;
  template: string;
  fields: FieldDefinition[];
  records: number;
  headers: string[];
  order: Record<string, string>;
  reference: string;
  setBy: number | null;
  loadedAt: Date | null;
  updatedAt: Date;
}

const recordCount = sql<number>`(select count(*) from ${prepopulationRecords} where ${prepopulationRecords.sourceId} = ${prepopulationSources.id})::int`;

function selectSources(db: Database) {
  return db
    .select({
      id: prepopulationSources.id,
      name: prepopulationSources.name,
      templateId: prepopulationSources.templateId,
      template: templates.title,
      fields: templates.fields,
      records: recordCount,
      headers: prepopulationSources.headers,
      order: prepopulationSources.order,
      reference: prepopulationSources.reference,
      setBy: prepopulationSources.setBy,
      loadedAt: prepopulationSources.loadedAt,
      updatedAt: prepopulationSources.updatedAt,
    })
    .from(prepopulationSources)
    .innerJoin(templates, eq(templates.id, prepopulationSources.templateId));
}

export async function listSources(db: Database, companyId: number): Promise<SourceRecord[]> {
  return selectSources(db).where(eq(prepopulationSources.companyId, companyId)).orderBy(asc(prepopulationSources.name), asc(prepopulationSources.id));
}

export async function findSource(db: Database, companyId: number, id: number): Promise<SourceRecord | undefined> {
  const [row] = await selectSources(db).where(and(eq(prepopulationSources.companyId, companyId), eq(prepopulationSources.id, id)));
  return row;
}

/** The ids of a source's records, in order (at most `limit`). */
export async function recordIds(db: Database, sourceId: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ oid: prepopulationRecords.oid })
    .from(prepopulationRecords)
    .where(eq(prepopulationRecords.sourceId, sourceId))
    .orderBy(asc(prepopulationRecords.oid))
    .limit(limit);
  return rows.map((row) => row.oid);
}

export async function findRecord(db: Database, sourceId: number, oid: string): Promise<Record<string, string> | undefined> {
  const [row] = await db
    .select({ values: prepopulationRecords.values })
    .from(prepopulationRecords)
    .where(and(eq(prepopulationRecords.sourceId, sourceId), eq(prepopulationRecords.oid, oid)));
  return row?.values;
}

export interface RecordReference {
  sourceId: number;
  oid: string;
}

/** Records of the company's sources, by source and id, with the order of the source each comes from. */
export async function recordsOf(
  db: Database,
  companyId: number,
  references: readonly RecordReference[],
): Promise<{ sourceId: number; oid: string; order: Record<string, string>; values: Record<string, string> }[]> {
  if (references.length === 0) return [];
  return db
    .select({
      sourceId: prepopulationRecords.sourceId,
      oid: prepopulationRecords.oid,
      order: prepopulationSources.order,
      values: prepopulationRecords.values,
    })
    .from(prepopulationRecords)
    .innerJoin(prepopulationSources, eq(prepopulationSources.id, prepopulationRecords.sourceId))
    .where(
      and(
        eq(prepopulationSources.companyId, companyId),
        inArray(
          prepopulationRecords.sourceId,
          references.map((reference) => reference.sourceId),
        ),
        or(...references.map((reference) => and(eq(prepopulationRecords.sourceId, reference.sourceId), eq(prepopulationRecords.oid, reference.oid)))),
      ),
    );
}

/** What searching a record matches: its values, lower-cased, one a line (`prepopulation_records_search_idx`). */
export function searchTextOf(values: Record<string, string>): string {
  return Object.values(values).join('\n').toLowerCase();
}

export interface NewSource {
  companyId: number;
  name: string;
  templateId: number;
  headers: string[];
  order: Record<string, string>;
  reference: string;
  setBy: number;
  loadedAt: Date;
}

/** Records inserted per statement (well under PostgreSQL's 65,535 parameters). */
const recordsPerInsert = 2000;

/** Creates a source with its records (each given as its values by header); answers its id. */
export async function insertSource(db: Database, source: NewSource, records: readonly Record<string, string>[]): Promise<number> {
  const [row] = await db
    .insert(prepopulationSources)
    .values({ ...source, updatedAt: source.loadedAt })
    .returning({ id: prepopulationSources.id });
  if (!row) throw new Error('The data source was not created.');
  for (let start = 0; start < records.length; start += recordsPerInsert) {
    await db.insert(prepopulationRecords).values(
      records.slice(start, start + recordsPerInsert).map((values) => ({
        sourceId: row.id,
        oid: values[source.reference] ?? '',
        values,
        searchText: searchTextOf(values),
      })),
    );
  }
  return row.id;
}

export async function renameSource(db: Database, id: number, name: string, at: Date): Promise<void> {
  await db.update(prepopulationSources).set({ name, updatedAt: at }).where(eq(prepopulationSources.id, id));
}

export async function mapSource(db: Database, id: number, templateId: number, order: Record<string, string>, at: Date): Promise<void> {
  await db.update(prepopulationSources).set({ templateId, order, updatedAt: at }).where(eq(prepopulationSources.id, id));
}

/** Deletes a source; its records go with it. */
export async function deleteSource(db: Database, id: number): Promise<void> {
  await db.delete(prepopulationSources).where(eq(prepopulationSources.id, id));
}

/** The records of a source matching the words (lower-cased), if any: the list's where. */
function recordsMatching(sourceId: number, words: string | null) {
  return and(
    eq(prepopulationRecords.sourceId, sourceId),
    words ? sql`${prepopulationRecords.searchText} ilike ${containsPattern(words.toLowerCase())}` : undefined,
  );
}

/** A page of a source's records in the order of their ids, those holding the words when given. */
export async function pageOfRecords(
  db: Database,
  sourceId: number,
  words: string | null,
  page: PageRequest,
): Promise<{ oid: string; values: Record<string, string> }[]> {
  return db
    .select({ oid: prepopulationRecords.oid, values: prepopulationRecords.values })
    .from(prepopulationRecords)
    .where(recordsMatching(sourceId, words))
    .orderBy(asc(prepopulationRecords.oid))
    .limit(page.limit)
    .offset(offsetOf(page));
}

/** The records a page of `pageOfRecords` is taken from, to be counted (`listTotal`). */
export function recordsToCount(db: Database, sourceId: number, words: string | null) {
  return db
    .select({ one: sql`1` })
    .from(prepopulationRecords)
    .where(recordsMatching(sourceId, words));
}

export async function updateRecord(db: Database, sourceId: number, oid: string, values: Record<string, string>, at: Date): Promise<void> {
  await db
    .update(prepopulationRecords)
    .set({ values, searchText: searchTextOf(values) })
    .where(and(eq(prepopulationRecords.sourceId, sourceId), eq(prepopulationRecords.oid, oid)));
  await db.update(prepopulationSources).set({ updatedAt: at }).where(eq(prepopulationSources.id, sourceId));
}

export async function deleteRecord(db: Database, sourceId: number, oid: string): Promise<boolean> {
  const gone = await db
    .delete(prepopulationRecords)
    .where(and(eq(prepopulationRecords.sourceId, sourceId), eq(prepopulationRecords.oid, oid)))
    .returning({ oid: prepopulationRecords.oid });
  return gone.length > 0;
}
