/**
 * Saving a completed form's signed PDF into a folder of Documents: a form the person may see
 * (else none is found), kept within the quota, and recorded in the audit trail in the same
 * transaction as the file.
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { keepFile } from './document-storage.js';
import { findVisibleForm, type StoredFileRecord } from './repository.js';
import { msg } from '#words';

export async function saveCompletedForm(
  ctx: Pick<ServerContext, 'db' | 'files'>,
  principal: Principal,
  folder: string,
  formId: number | undefined,
  origin: Origin,
): Promise<StoredFileRecord> {
  if (!formId) throw badRequest(msg({ message: 'Choose the completed form to save.' }));
  const form = await findVisibleForm(ctx.db, principal, formId);
  if (!form) throw notFound();
  if (form.status !== 'completed') throw badRequest(msg({ message: 'Only completed forms can be saved to Documents.' }));
  if (form.dataRemovedAt)
    throw badRequest(msg({ message: "This form's answers and PDF were removed after your company's retention period: there is nothing to save." }));
  const bytes = form.sealedKey ? await ctx.files.get(form.sealedKey) : null;
  if (!bytes) throw badRequest(msg({ message: 'This form has no PDF yet.' }));
  return ctx.db.transaction(async (tx) => {
    const file = await keepFile(ctx, tx, {
      companyId: principal.companyId,
      folder,
      name: `${form.title} ${form.reference}.pdf`,
      mime: 'application/pdf',
      bytes,
      formId: form.id,
      createdBy: principal.displayName,
      createdById: principal.userId,
    });
    await recordEvent(tx, {
      event: 'file-saved',
      companyId: principal.companyId,
      actor: principal,
      target: file.name,
      formId: form.id,
      origin,
      details: { folder, file: file.id },
    });
    return file;
  });
}
