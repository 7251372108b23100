/**
 * Retention: a form that ended (completed, withdrawn, or expired while waiting) more than the
 * company's `retention_days` ago loses its answers, its supporting documents and its sealed PDF;
 * its reference, title, dates, recipients' names and steps stay, and so do its seal's checksums,
 * so that `/verify` still recognises its sealed PDF. Its trail keeps what happened, when and by
 * whom, and records the removal.
 */
import { recordEvent } from '../../audit/audit.js';
import { trimFormEvents } from '../../audit/repository.js';
import type { ServerContext } from '../../context.js';
import { deleteDocuments, documentsOfForm } from '../supporting-documents/repository.js';
import { forgetFormDeliveries } from '../webhooks/repository.js';
import { removeFormData } from './completed-forms-repository.js';

export type RetentionContext = Pick<ServerContext, 'db' | 'files' | 'log' | 'now'>;

/** Removes one ended form's data; answers whether this call removed them. */
export async function removeEndedData(ctx: RetentionContext, formId: number, days: number): Promise<boolean> {
  const now = ctx.now();
  const keys = await ctx.db.transaction(async (tx) => {
    const form = await removeFormData(tx, formId, now);
    if (!form) return undefined;
    const attached = await documentsOfForm(tx, formId);
    await deleteDocuments(
      tx,
      attached.map((document) => document.id),
    );
    await trimFormEvents(tx, formId);
    await forgetFormDeliveries(tx, formId);
    await recordEvent(tx, {
      event: 'data-removed',
      companyId: form.companyId,
      actor: 'system',
      target: form.reference,
      formId,
      details: { days, files: attached.length + (form.sealedKey ? 1 : 0) },
    });
    return [...new Set([...attached.map((document) => document.fileKey), ...(form.sealedKey ? [form.sealedKey] : [])])];
  });
  if (!keys) return false;
  // The files go once nothing names them: a failure leaves a file no one reaches, never a name without its file.
  for (const key of keys) {
    try {
      await ctx.files.delete(key);
    } catch (error) {
      ctx.log.error({ err: error, formId, key }, 'A file of a form whose data retention removed could not be deleted.');
    }
  }
  return true;
}
