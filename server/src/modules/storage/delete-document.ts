/**
 * Deleting a file of Documents: one the person may see, deleted by an administrator or by the
 * person who saved it; its row and its audit event in one transaction, then its bytes.
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import { administersCompany, type Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { badRequest, notFound } from '../../http/errors.js';
import { deleteStoredFile, findStoredFile } from './repository.js';
import { msg } from '#words';

export async function deleteDocument(
  ctx: Pick<ServerContext, 'db' | 'files'>,
  principal: Principal,
  id: number | undefined,
  origin: Origin,
): Promise<void> {
  if (!id) throw badRequest(msg({ message: 'Choose the file to delete.' }));
  const file = await findStoredFile(ctx.db, principal, id);
  if (!file) throw notFound();
  if (!administersCompany(principal) && file.createdById !== principal.userId)
    throw new AppError(AppErrorCode.Forbidden, msg({ message: 'Only an administrator or the person who saved this file can delete it.' }));
  await ctx.db.transaction(async (tx) => {
    await deleteStoredFile(tx, file.id);
    await recordEvent(tx, {
      event: 'file-deleted',
      companyId: principal.companyId,
      actor: principal,
      target: file.name,
      origin,
      details: { folder: file.folder, file: file.id },
    });
  });
  // The bytes go once the row is gone: each stored file has its own copy.
  await ctx.files.delete(file.fileKey);
}
