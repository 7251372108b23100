/**
 * Supporting documents: files a person attaches to a form through its file fields, kept in
 * the file store under the form and listed in Supporting Documents. A file is kept once: its
 * bytes are stored under their SHA-256 in the form's folder, so a draft saved again with the
 * same file stores nothing new. A field holds one file: a file that replaces another, or a
 * field emptied, removes the one before (its bytes once no row names them). Every file counts
 * against the company's storage quota; a new one that would pass it is refused.
 */
import { createHash } from 'node:crypto';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { storageQuota } from '../storage/document-storage.js';
import { bytesUsed } from '../storage/repository.js';
import { deleteDocuments, documentsOfFields, insertDocument, keysStillNamed, renameDocument } from '../supporting-documents/repository.js';
import type { FileAnswer } from './answers.js';
import { msg } from '#words';

export const attachmentTexts = {
  /** To a signer: the space is the sending organisation's. */
  storageFull: msg({ message: 'This file cannot be kept: the organisation that sent this form has no storage space left. Please tell them.' }),
  /** To a person of the organisation itself. */
  storageFullHere: msg({ message: 'There is not enough storage left for this file. Delete some files in Documents and try again.' }),
};

/** Who attaches the files, and so reads why one cannot be kept: a signer of the form, or a person of its organisation. */
export type Attacher = 'signer' | 'organisation';

/**
 * A file past the storage quota. It is answered in the operation's own body, as the other
 * refusals of sending and signing are: `{ code: -1, message }` when sending,
 * `{ data: null, error }` when signing.
 */
function storageFull(attacher: Attacher): AppError {
  const text = attacher === 'signer' ? attachmentTexts.storageFull : attachmentTexts.storageFullHere;
  return new AppError(AppErrorCode.LimitReached, text, { appCode: '-1', status: 200 });
}

export interface StoredAttachments {
  /** Keys whose rows went: their bytes go once the transaction has committed (`removeUnused`). */
  released: string[];
}

function keyOf(formId: number, bytes: Buffer): string {
  return `forms/${formId}/documents/${createHash('sha256').update(bytes).digest('hex')}`;
}

/**
 * Keeps the files answered in `files` and empties the file fields named in `cleared`, in `tx`.
 * Bytes are written before the transaction commits (a file store is not transactional); a
 * file written for a transaction that then fails is the same key the next try writes.
 */
export async function storeFiles(
  ctx: Pick<ServerContext, 'files' | 'now'>,
  tx: Database,
  form: { id: number; companyId: number },
  files: readonly FileAnswer[],
  uploadedBy: { name: string; attacher: Attacher },
  cleared: readonly string[] = [],
): Promise<StoredAttachments> {
  const touched = [...new Set([...files.map((file) => file.field), ...cleared])];
  if (touched.length === 0) return { released: [] };
  const existing = await documentsOfFields(tx, form.id, touched);
  const answered = files.map((file) => ({ file, key: keyOf(form.id, file.bytes) }));
  const kept = new Map(
    answered.flatMap(({ file, key }) =>
      existing.filter((row) => row.field === file.field && row.fileKey === key).map((row) => [row.id, file] as const),
    ),
  );
  const added = answered.filter(({ file, key }) => !existing.some((row) => row.field === file.field && row.fileKey === key));
  const dropped = existing.filter((row) => !kept.has(row.id));
  // Counted as the storage page counts it: the size of every row.
  const growth = added.reduce((sum, { file }) => sum + file.bytes.length, 0) - dropped.reduce((sum, row) => sum + row.size, 0);
  if (added.length > 0 && growth > 0 && (await bytesUsed(tx, form.companyId)) + growth > storageQuota) throw storageFull(uploadedBy.attacher);

  const written = new Set(existing.map((row) => row.fileKey));
  for (const { file, key } of added) {
    if (!written.has(key)) await ctx.files.put(key, file.bytes, file.mime);
    written.add(key);
    await insertDocument(tx, {
      companyId: form.companyId,
      formId: form.id,
      field: file.field,
      name: file.name.slice(0, 200),
      mime: file.mime,
      size: file.bytes.length,
      fileKey: key,
      uploadedBy: uploadedBy.name,
      uploadedAt: ctx.now(),
    });
  }
  // The same file again: nothing new is stored; its name follows the latest upload.
  for (const [id, file] of kept) await renameDocument(tx, id, { name: file.name.slice(0, 200), mime: file.mime });
  await deleteDocuments(
    tx,
    dropped.map((row) => row.id),
  );
  return { released: [...new Set(dropped.map((row) => row.fileKey))] };
}

/** Removes the bytes of files no row of the form names any more (after the change committed). */
export async function removeUnused(ctx: Pick<ServerContext, 'db' | 'files' | 'log'>, formId: number, stored: StoredAttachments): Promise<void> {
  if (stored.released.length === 0) return;
  const still = await keysStillNamed(ctx.db, formId, stored.released);
  for (const key of stored.released) {
    if (still.has(key)) continue;
    try {
      await ctx.files.delete(key);
    } catch (error) {
      ctx.log.warn({ err: error, key }, 'A replaced attachment could not be removed from the file store.');
    }
  }
}
