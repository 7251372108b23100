/**
 * The queries of the document storage: a folder's files a page at a time, the folders inside
 * it (derived from the files' folder paths: a folder exists while it holds a file), the
 * bytes used (stored files and forms' attachments), and the rows of stored files. Bounded by
 * what the caller may see: every file of the company for its administrators; for anyone else
 * the files of the forms they may see (`forms/visibility.ts`) and the files they saved.
 */
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { listTotal, offsetOf, type ListTotal, type PageRequest } from '../../db/list-filters.js';
import { rawRows } from '../../db/raw-rows.js';
import { forms, storageUsage, storedFiles } from '../../db/schema.js';
import { formIdVisibleToBeside, formsVisibleTo, type Viewer } from '../forms/visibility.js';

export type StoredFileRecord = typeof storedFiles.$inferSelect;

/** The stored files a person may see. */
export function storedFilesVisibleTo(viewer: Viewer): SQL {
  const ofTheirForms = formIdVisibleToBeside(viewer, storedFiles.formId);
  return and(
    eq(storedFiles.companyId, viewer.companyId),
    ofTheirForms ? or(eq(storedFiles.createdById, viewer.userId), ofTheirForms) : undefined,
  ) as SQL;
}

export async function folderFiles(
  db: Database,
  viewer: Viewer,
  folder: string,
  page: PageRequest,
): Promise<ListTotal & { rows: StoredFileRecord[] }> {
  const where = and(storedFilesVisibleTo(viewer), eq(storedFiles.folder, folder));
  const rows = await db
    .select()
    .from(storedFiles)
    .where(where)
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  return {
    ...(await listTotal(
      db,
      db
        .select({ one: sql`1` })
        .from(storedFiles)
        .where(where),
      page,
      rows.length,
    )),
    rows,
  };
}

/**
 * The names of the folders directly inside `folder` ('' for the root) that hold a file the
 * person may see, alphabetically. The company's folders are read from the index on (company,
 * folder) one distinct path after another (each a step to the next path, however many files
 * a folder holds); for anyone but an administrator each path found below `folder` is kept
 * when it holds a file they may see.
 */
export async function subFolders(db: Database, viewer: Viewer, folder: string): Promise<string[]> {
  const prefix = folder === '' ? '' : `${folder}/`;
  const { companyId } = viewer;
  const visible = storedFilesVisibleTo(viewer);
  const rows = await rawRows<{ name: string }>(
    db,
    sql`with recursive paths(path) as (
          select min(${storedFiles.folder}) from ${storedFiles} where ${storedFiles.companyId} = ${companyId} and ${storedFiles.folder} > ''
          union all
          select (select min(${storedFiles.folder}) from ${storedFiles} where ${storedFiles.companyId} = ${companyId} and ${storedFiles.folder} > paths.path)
            from paths
           where paths.path is not null
        )
        select distinct split_part(substr(paths.path, ${prefix.length + 1}), '/', 1) as name
          from paths
         where paths.path <> ${folder} and left(paths.path, ${prefix.length}) = ${prefix}
           and exists (select 1 from ${storedFiles} where ${visible} and ${storedFiles.folder} = paths.path)
         order by 1`,
  );
  return rows.map((row) => row.name).filter(Boolean);
}

/**
 * The bytes the company keeps: its stored files and the files attached to its forms, as
 * `storage_usage` holds them (added up by the database as files come and go, in the same
 * transaction), so the quota costs one row however many files there are.
 */
export async function bytesUsed(db: Database, companyId: number): Promise<number> {
  const [row] = await db.select({ bytes: storageUsage.bytes }).from(storageUsage).where(eq(storageUsage.companyId, companyId));
  return row?.bytes ?? 0;
}

/** A stored file the person may see. */
export async function findStoredFile(db: Database, viewer: Viewer, id: number): Promise<StoredFileRecord | undefined> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(storedFilesVisibleTo(viewer), eq(storedFiles.id, id)));
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
  dataRemovedAt: Date | null;
}

/** A form the person may see that is not deleted. */
export async function findVisibleForm(db: Database, viewer: Viewer, id: number): Promise<FormToKeep | undefined> {
  const [row] = await db
    .select({
      id: forms.id,
      reference: forms.reference,
      title: forms.title,
      status: forms.status,
      sealedKey: forms.sealedKey,
      dataRemovedAt: forms.dataRemovedAt,
    })
    .from(forms)
    .where(and(formsVisibleTo(viewer), eq(forms.id, id), isNull(forms.deletedAt)));
  return row;
}

/** Whether the form has a copy in the folder already (the one saved when it was sealed). */
export async function hasCopyIn(db: Database, formId: number, folder: string): Promise<boolean> {
  const [row] = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.formId, formId), eq(storedFiles.folder, folder)))
    .limit(1);
  return row !== undefined;
}

export interface SealedFormToKeep extends FormToKeep {
  companyId: number;
  completedAt: Date | null;
  sealedAt: Date | null;
}

/** A form as its copy in Documents is made when it is sealed (none when deleted). */
export async function sealedFormToKeep(db: Database, id: number): Promise<SealedFormToKeep | undefined> {
  const [row] = await db
    .select({
      id: forms.id,
      companyId: forms.companyId,
      reference: forms.reference,
      title: forms.title,
      status: forms.status,
      sealedKey: forms.sealedKey,
      completedAt: forms.completedAt,
      sealedAt: forms.sealedAt,
      dataRemovedAt: forms.dataRemovedAt,
    })
    .from(forms)
    .where(and(eq(forms.id, id), isNull(forms.deletedAt)));
  return row;
}
