/**
 * The PDF a template's fields are placed on. An upload is taken when it is a PDF that can be
 * read (it starts as a PDF does and parses, in a file worker within its budgets), of at most
 * 20 MB and 50 pages, without a password; the size of each page is kept beside it, so that
 * placements can be checked against the pages. Each file is stored under its own checksum and never deleted: forms sent
 * with it, their audit trail and their seals keep referring to it. Replacing the PDF keeps the
 * placements that still fit the new pages and takes the others off; removing it takes every
 * field off the page.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TemplatePdfResponse } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { administersCompany, type Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { templates, type FieldDefinition, type PdfPageSize } from '../../db/schema.js';
import { FileWorkRefused } from '../../files/file-work.js';
import { notFound } from '../../http/errors.js';
import { uploadLimits, type UploadedFile } from '../../http/uploads.js';
import { notAPdfText } from './pdf-pages.js';
import { findTemplate, type TemplateRecord } from './repository.js';
import { placementProblem, type Check } from './rules.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';

export const largestPdf = uploadLimits.manageTemplatePdf ?? 20 * 1024 * 1024;
export const pdfTexts = {
  tooCostly: 'This PDF takes too long to read. Please save it again from your PDF program, or choose another file.',
  busy: 'Many files are being read at the moment. Please try again in a minute.',
} as const;

/** Whether the bytes start as a PDF does: `%PDF-` within the first kilobyte (some writers put a few bytes before it). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

/**
 * The size of each page of an uploaded PDF, or why it is refused, in the product's words. The
 * PDF is read in a file worker (`files/file-work.ts`), within its time and memory budget.
 */
export async function readSourcePdf(ctx: Pick<ServerContext, 'fileWork'>, file: UploadedFile | undefined): Promise<Check<PdfPageSize[]>> {
  if (!file || file.bytes.length === 0) return { ok: false, reason: 'Please choose a PDF to upload.' };
  if (file.tooLarge || file.bytes.length > largestPdf) return { ok: false, reason: `This PDF is larger than ${largestPdf / 1024 / 1024} MB. Please choose a smaller file.` };
  if (!looksLikePdf(file.bytes)) return { ok: false, reason: notAPdfText };
  try {
    return await ctx.fileWork.run('pdf-pages', { bytes: file.bytes });
  } catch (error) {
    if (error instanceof FileWorkRefused && error.failure === 'busy') return { ok: false, reason: pdfTexts.busy };
    if (error instanceof FileWorkRefused && (error.failure === 'time' || error.failure === 'memory')) return { ok: false, reason: pdfTexts.tooCostly };
    throw error;
  }
}

/** Where a template's source PDF is stored: under the template, named by its content. */
export function sourceKey(templateId: number, bytes: Uint8Array): string {
  return `templates/${templateId}/source-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.pdf`;
}

/** The fields with the placements that fit the pages; the others are taken off the page. */
export function keepFitting(fields: readonly FieldDefinition[], pages: readonly PdfPageSize[]): FieldDefinition[] {
  return fields.map((field) => {
    if (!field.placement || placementProblem(field, pages) === null) return field;
    const { placement: _removed, ...rest } = field;
    return rest;
  });
}

/** Who may change a template's PDF: an administrator of the company, or the person who made the template. */
export function mayChangePdf(principal: Principal, template: Pick<TemplateRecord, 'createdBy'>): boolean {
  return administersCompany(principal) || template.createdBy === principal.userId;
}

export type PdfChange = { action: 'upload'; file: UploadedFile | undefined } | { action: 'remove' };

/**
 * Uploads or removes a template's PDF. Answers the outcome with the template after it (the
 * caller renders it), or a refusal in the product's words with nothing changed.
 */
export async function changeSourcePdf(
  ctx: ServerContext,
  principal: Principal,
  templateId: number,
  change: PdfChange,
  origin: Origin,
): Promise<{ code: 1; message: ''; templateId: number } | Omit<TemplatePdfResponse, 'template'> & { code: -1 }> {
  const template = await findTemplate(ctx.db, principal.companyId, templateId);
  if (!template) throw notFound();
  if (!mayChangePdf(principal, template)) throw new AppError(AppErrorCode.Forbidden, 'Only an administrator or the person who made this template can change its PDF.');
  let next: { pdfKey: string | null; pdfPages: PdfPageSize[] };
  if (change.action === 'upload') {
    const read = await readSourcePdf(ctx, change.file);
    if (!read.ok) return { code: -1, message: read.reason };
    const bytes = change.file?.bytes ?? Buffer.alloc(0);
    const key = sourceKey(template.id, bytes);
    // Content-addressed: the same PDF uploaded again lands on the same file.
    await ctx.files.put(key, bytes, 'application/pdf');
    next = { pdfKey: key, pdfPages: read.value };
  } else {
    next = { pdfKey: null, pdfPages: [] };
  }
  await ctx.db.transaction(async (tx) => {
    const current = await findTemplate(tx, principal.companyId, template.id);
    if (!current) throw notFound();
    const fields: FieldDefinition[] = next.pdfKey ? keepFitting(current.fields, next.pdfPages) : current.fields.map(({ placement: _removed, ...field }) => field);
    await tx
      .update(templates)
      .set({ ...next, fields, updatedAt: ctx.now() })
      .where(eq(templates.id, current.id));
    const unplaced = current.fields.filter((field, index) => field.placement && !fields[index]?.placement).length;
    await recordEvent(tx, {
      event: 'template-saved',
      companyId: principal.companyId,
      actor: principal,
      target: current.title,
      origin,
      details: { template: current.id, part: 'pdf', action: change.action, file: next.pdfKey, pages: next.pdfPages.length, unplaced },
    });
  });
  return { code: 1, message: '', templateId: template.id };
}
