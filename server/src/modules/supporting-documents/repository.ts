/**
 * The queries of the supporting documents: the files people attached to the forms the caller
 * may see (`forms/visibility.ts`: the company's for its administrators, else their own; forms
 * not deleted), with the form's title and reference, filtered, sorted and paged in the
 * database; and the rows of the files attached to a form as its answers keep them
 * (`forms/documents.ts`).
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { containsPattern, dayRange, listTotal, offsetOf, type ListTotal, type PageRequest } from '../../db/list-filters.js';
import { documentSearchText, formSearchText } from '../../db/search-texts.js';
import { documents, forms } from '../../db/schema.js';
import { formsVisibleTo, type Viewer } from '../forms/visibility.js';

export interface DocumentQuery extends PageRequest {
  search: string | null;
  template?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  timeZone: string;
}

export interface DocumentRow {
  id: number;
  name: string;
  formId: number;
  form: string;
  reference: string;
  uploadedBy: string;
  uploadedAt: Date;
  size: number;
  mime: string;
  fileKey: string;
}

const sorts = {
  uploaded_at: documents.uploadedAt,
  name: documents.name,
  form: forms.title,
  reference: forms.reference,
  uploaded_by: documents.uploadedBy,
  size: documents.size,
  mime: documents.mime,
} as const;

export async function listDocuments(db: Database, viewer: Viewer, query: DocumentQuery): Promise<ListTotal & { rows: DocumentRow[] }> {
  const { companyId } = viewer;
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    eq(documents.companyId, companyId),
    formsVisibleTo(viewer),
    isNull(forms.deletedAt),
    query.template ? eq(forms.templateId, query.template) : undefined,
    dayRange(documents.uploadedAt, query.timeZone, query.from, query.to),
    pattern
      ? or(
          sql`${documentSearchText} ilike ${pattern}`,
          sql`${documents.formId} = any(array(${db
            .select({ id: forms.id })
            .from(forms)
            .where(and(eq(forms.companyId, companyId), sql`${formSearchText} ilike ${pattern}`))}))`,
        )
      : undefined,
  ) as SQL;
  const joined = and(eq(forms.id, documents.formId), eq(forms.companyId, documents.companyId));
  const column = sorts[(query.sort ?? 'uploaded_at') as keyof typeof sorts] ?? documents.uploadedAt;
  const by = (query.order ?? (column === documents.uploadedAt ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: documents.id,
      name: documents.name,
      formId: documents.formId,
      form: forms.title,
      reference: forms.reference,
      uploadedBy: documents.uploadedBy,
      uploadedAt: documents.uploadedAt,
      size: documents.size,
      mime: documents.mime,
      fileKey: documents.fileKey,
    })
    .from(documents)
    .innerJoin(forms, joined)
    .where(where)
    .orderBy(by(column), by(documents.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const matching = db
    .select({ one: sql`1` })
    .from(documents)
    .innerJoin(forms, joined)
    .where(where);
  return { ...(await listTotal(db, matching, query, rows.length)), rows };
}

export type DocumentRecord = typeof documents.$inferSelect;

/** The documents kept for some file fields of a form. */
export async function documentsOfFields(
  db: Database,
  formId: number,
  fields: readonly string[],
): Promise<Pick<DocumentRecord, 'id' | 'field' | 'fileKey' | 'size'>[]> {
  return db
    .select({ id: documents.id, field: documents.field, fileKey: documents.fileKey, size: documents.size })
    .from(documents)
    .where(and(eq(documents.formId, formId), inArray(documents.field, [...fields])));
}

export async function insertDocument(db: Database, document: typeof documents.$inferInsert): Promise<void> {
  await db.insert(documents).values(document);
}

export async function renameDocument(db: Database, id: number, change: Pick<DocumentRecord, 'name' | 'mime'>): Promise<void> {
  await db.update(documents).set(change).where(eq(documents.id, id));
}

export async function deleteDocuments(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(documents).where(inArray(documents.id, [...ids]));
}

/** Which of these file keys a document of the form still names. */
export async function keysStillNamed(db: Database, formId: number, keys: readonly string[]): Promise<Set<string>> {
  const named = await db
    .select({ fileKey: documents.fileKey })
    .from(documents)
    .where(and(eq(documents.formId, formId), inArray(documents.fileKey, [...keys])));
  return new Set(named.map((row) => row.fileKey));
}

/** Every document of a form: its files go with them when retention removes the form's data. */
export async function documentsOfForm(db: Database, formId: number): Promise<Pick<DocumentRecord, 'id' | 'fileKey'>[]> {
  return db.select({ id: documents.id, fileKey: documents.fileKey }).from(documents).where(eq(documents.formId, formId));
}
