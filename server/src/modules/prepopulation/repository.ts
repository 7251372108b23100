/**
 * The queries of pre-population: the company's data sources with their template and how many
 * records each holds, one source, its record ids, and records by id.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
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
