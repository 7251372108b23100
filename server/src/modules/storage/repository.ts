/**
 * The queries of the document storage: a folder's files a page at a time, the folders inside
 * it (derived from the files' folder paths: a folder exists while it holds a file), the
 * bytes used (stored files and forms' attachments), and the rows of stored files. Bounded by
 * the caller's company.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { offsetOf, type PageRequest } from '../../db/list-filters.js';
import { rawRows } from '../../db/raw-rows.js';
import { documents, forms, storedFiles } from '../../db/schema.js';

export type StoredFileRecord = typeof storedFiles.$inferSelect;

export async function folderFiles(db: Database, companyId: number, folder: string, page: PageRequest): Promise<{ total: number; rows: StoredFileRecord[] }> {
  const where = and(eq(storedFiles.companyId, companyId), eq(storedFiles.folder, folder));
  const [totals] = await db.select({ n: count() }).from(storedFiles).where(where);
  const rows = await db
    .select()
    .from(storedFiles)
    .where(where)
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  return { total: totals?.n ?? 0, rows };
}

/** The names of the folders directly inside `folder` ('' for the root), alphabetically. */
export async function subFolders(db: Database, companyId: number, folder: string): Promise<string[]> {
  const prefix = folder === '' ? '' : `${folder}/`;
  const rows = await rawRows<{ name: string }>(
    db,
    sql`select distinct split_part(substr(${storedFiles.folder}, ${prefix.length + 1}), '/', 1) as name
          from ${storedFiles}
         where ${storedFiles.companyId} = ${companyId} and ${storedFiles.folder} <> ${folder}
           and left(${storedFiles.folder}, ${prefix.length}) = ${prefix}
         order by 1`,
  );
  return rows.map((row) => row.name).filter(Boolean);
}

/** The bytes the company keeps: its stored files and the files attached to its forms. */
export async function bytesUsed(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({
      used: sql<number>`coalesce(sum(${storedFiles.size}), 0)::float8 + (select coalesce(sum(${documents.size}), 0)::float8 from ${documents} where ${documents.companyId} = ${companyId})`,
    })
    .from(storedFiles)
    .where(eq(storedFiles.companyId, companyId));
  return Number(row?.used ?? 0);
}

export async function findStoredFile(db: Database, companyId: number, id: number): Promise<StoredFileRecord | undefined> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, id)));
  return row;
}

/** The names already used in a folder that start like `stem` (to give a copy a free name). */
export async function namesLike(db: Database, companyId: number, folder: string, stem: string): Promise<string[]> {
  const rows = await db
    .select({ name: storedFiles.name })
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.folder, folder), sql`left(${storedFiles.name}, ${stem.length}) = ${stem}`));
  return rows.map((row) => row.name);
}

export async function insertStoredFile(db: Database, file: typeof storedFiles.$inferInsert): Promise<StoredFileRecord> {
  const [row] = await db.insert(storedFiles).values(file).returning();
  if (!row) throw new Error('The stored file was not recorded.');
  return row;
}

export async function deleteStoredFile(db: Database, id: number): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.id, id));
}

export interface FormToKeep {
  id: number;
  reference: string;
  title: string;
  status: string;
  sealedKey: string | null;
}

/** A form of the company that is not deleted. */
export async function findCompanyForm(db: Database, companyId: number, id: number): Promise<FormToKeep | undefined> {
  const [row] = await db
    .select({ id: forms.id, reference: forms.reference, title: forms.title, status: forms.status, sealedKey: forms.sealedKey })
    .from(forms)
    .where(and(eq(forms.companyId, companyId), eq(forms.id, id), isNull(forms.deletedAt)));
  return row;
}
