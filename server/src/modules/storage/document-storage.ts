/**
 * The company's document storage (Documents): folders of files, a quota of 5 GiB, a file
 * kept within it, and a folder's page. A stored file has its own copy of its bytes in the
 * file store, removed with it. An administrator of the company reaches every file; anyone
 * else the files of the forms they may see and the files they saved (`repository.ts`). The
 * changes a person makes are use cases beside it: `save-completed-form.ts`, `delete-document.ts`.
 */
import { randomUUID } from 'node:crypto';
import type { StorageFile, StorageResponse } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import type { PageRequest } from '../../db/list-filters.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import { badRequest } from '../../http/errors.js';
import { bytesUsed, folderFiles, insertStoredFile, namesLike, subFolders, type StoredFileRecord } from './repository.js';
import { companySettings } from '../../companies/repository.js';
import { msg } from '#words';

/** What a company may keep: 5 GiB, its stored files and the files attached to its forms together. */
export const storageQuota = 5 * 1024 * 1024 * 1024;

const invalidFolder = msg({ message: 'This folder name is not valid.' });

/** Whether `size` more bytes fit in the company's quota. */
export async function hasRoomFor(db: Database, companyId: number, size: number): Promise<boolean> {
  return (await bytesUsed(db, companyId)) + size <= storageQuota;
}

/**
 * A folder path as kept: names separated by `/`, each trimmed, none empty, `.` or `..`, at
 * most 100 characters, no control characters; at most 10 deep. '' is the root.
 */
export function folderPath(text: string | undefined): string {
  const names = (text ?? '').split('/').map((name) => name.trim());
  const kept = names.filter((name) => name !== '');
  if (kept.length > 10) throw badRequest(invalidFolder);
  for (const name of kept) {
    // eslint-disable-next-line no-control-regex
    if (name.length > 100 || name === '.' || name === '..' || /[\u0000-\u001f\u007f\\]/.test(name)) throw badRequest(invalidFolder);
  }
  return kept.join('/');
}

/** A folder name made from any title (a `/` in it would open a sub-folder). */
export function folderName(title: string): string {
  // Control characters too: they have no place in a folder's name.
  // eslint-disable-next-line no-control-regex
  const unsafe = /[/\\\u0000-\u001f\u007f]+/g;
  return title.replace(unsafe, '-').trim().slice(0, 100) || 'Untitled';
}

/** `name`, or `name (2)`, `name (3)`, ... : the first not used in the folder. */
async function freeName(db: Database, companyId: number, folder: string, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  const taken = new Set(await namesLike(db, companyId, folder, stem));
  if (!taken.has(name)) return name;
  for (let n = 2; ; n += 1) {
    const candidate = `${stem} (${n})${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface NewFile {
  companyId: number;
  folder: string;
  name: string;
  mime: string;
  bytes: Uint8Array;
  formId?: number | null;
  createdBy: string;
  /** The person who saved it; none for the system. */
  createdById?: number | null;
}

/**
 * Keeps a file in a folder, within the quota: its bytes under a key of their own in the file
 * store, its row in `stored_files` (in the caller's transaction). The file's name is made
 * free in the folder.
 */
export async function keepFile(ctx: Pick<ServerContext, 'files'>, tx: Database, file: NewFile): Promise<StoredFileRecord> {
  if (!(await hasRoomFor(tx, file.companyId, file.bytes.length)))
    throw badRequest(msg({ message: 'There is not enough storage left for this file. Delete some files and try again.' }));
  const extension = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase();
  const key = `storage/${file.companyId}/${randomUUID()}${extension ? `.${extension}` : ''}`;
  await ctx.files.put(key, file.bytes, file.mime);
  try {
    return await insertStoredFile(tx, {
      companyId: file.companyId,
      folder: file.folder,
      name: await freeName(tx, file.companyId, file.folder, file.name),
      mime: file.mime,
      size: file.bytes.length,
      fileKey: key,
      formId: file.formId ?? null,
      createdBy: file.createdBy,
      createdById: file.createdById ?? null,
    });
  } catch (error) {
    await ctx.files.delete(key);
    throw error;
  }
}

function storageFile(ctx: Pick<ServerContext, 'keys'>, file: StoredFileRecord, now: Date): StorageFile {
  return {
    id: file.id,
    name: file.name,
    folder: file.folder,
    size: file.size,
    mime: file.mime,
    created_at: file.createdAt.toISOString(),
    url: signedFileUrl(ctx.keys, file.fileKey, now, { name: file.name }),
  };
}

/** A folder's page of the files the person may see, the folders inside it that hold one, and the company's storage state. */
export async function storageView(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>,
  principal: Principal,
  folder: string,
  page: PageRequest,
): Promise<StorageResponse> {
  const { rows, ...total } = await folderFiles(ctx.db, principal, folder, page);
  const folders = await subFolders(ctx.db, principal, folder);
  const used = await bytesUsed(ctx.db, principal.companyId);
  const settings = await companySettings(ctx.db, principal.companyId);
  const now = ctx.now();
  return {
    files: rows.map((file) => storageFile(ctx, file, now)),
    save: { enabled: settings?.storage_auto_save ?? false, folder, folders, used, quota: storageQuota },
    page: page.page,
    limit: page.limit,
    ...total,
  };
}
