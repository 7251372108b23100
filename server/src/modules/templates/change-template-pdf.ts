/**
 * Changing a template's PDF (`source-pdf.ts` says what is taken): the new file is stored under
 * its checksum, the placements that no longer fit its pages are taken off, and the change is
 * audited; removing it takes every field off the page.
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import type { FieldDefinition, PdfPageSize } from '../../db/schema.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/uploads.js';
import { findTemplate, updateTemplate } from './repository.js';
import { keepFitting, mayChangePdf, readSourcePdf, sourceKey } from './source-pdf.js';
import { msg } from '#words';

export type PdfChange = { action: 'upload'; file: UploadedFile | undefined } | { action: 'remove' };

const changePdfTexts = {
  notYours: msg({ message: 'Only an administrator or the person who made this template can change its PDF.' }),
};

/**
 * Uploads or removes a template's PDF; answers the template's id. A file that cannot be taken
 * is refused in the product's words (the contract's -1), with nothing changed.
 */
export async function changeTemplatePdf(
  ctx: Pick<ServerContext, 'db' | 'now' | 'files' | 'fileWork' | 'jobs'>,
  principal: Principal,
  templateId: number,
  change: PdfChange,
  origin: Origin,
): Promise<number> {
  const template = await findTemplate(ctx.db, principal.companyId, templateId);
  if (!template) throw notFound();
  if (!mayChangePdf(principal, template)) throw new AppError(AppErrorCode.Forbidden, changePdfTexts.notYours);
  let next: { pdfKey: string | null; pdfPages: PdfPageSize[] };
  if (change.action === 'upload') {
    const pages = await readSourcePdf(ctx, change.file);
    const bytes = change.file?.bytes ?? Buffer.alloc(0);
    const key = sourceKey(template.id, bytes);
    // Content-addressed: the same PDF uploaded again lands on the same file.
    await ctx.files.put(key, bytes, 'application/pdf');
    next = { pdfKey: key, pdfPages: pages };
  } else {
    next = { pdfKey: null, pdfPages: [] };
  }
  await ctx.db.transaction(async (tx) => {
    const current = await findTemplate(tx, principal.companyId, template.id);
    if (!current) throw notFound();
    const fields: FieldDefinition[] = next.pdfKey
      ? keepFitting(current.fields, next.pdfPages)
      : current.fields.map(({ placement: _removed, ...field }) => field);
    await updateTemplate(tx, current.id, { ...next, fields, updatedAt: ctx.now() });
    const unplaced = current.fields.filter((field, index) => field.placement && !fields[index]?.placement).length;
    await recordEvent(tx, {
      event: 'template-saved',
      companyId: principal.companyId,
      actor: principal,
      target: current.title,
      origin,
      details: { template: current.id, part: 'pdf', action: change.action, file: next.pdfKey, pages: next.pdfPages.length, unplaced },
    });
    // Its pages drawn as images for the signing pages, off the request (once per PDF).
    if (next.pdfKey) await ctx.jobs.enqueue('render-page-images', { pdfKey: next.pdfKey }, { tx });
  });
  return template.id;
}
