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
import { administersCompany, type Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import type { FieldDefinition, PdfPageSize } from '../../db/schema.js';
import { FileWorkRefused } from '../../files/file-work.js';
import { uploadLimits, type UploadedFile } from '../../http/uploads.js';
import { notAPdfText, type PdfPagesAnswer } from '../../files/pdf-answers.js';
import { invalidValue } from '../../errors/app-error.js';
import type { TemplateRecord } from './repository.js';
import { placementProblem } from './rules.js';
import { msg } from '#words';

export const largestPdf = uploadLimits.manageTemplatePdf ?? 20 * 1024 * 1024;
export const pdfTexts = {
  tooCostly: msg({ message: 'This PDF takes too long to read. Please save it again from your PDF program, or choose another file.' }),
  busy: msg({ message: 'Many files are being read at the moment. Please try again in a minute.' }),
  noFile: msg({ message: 'Please choose a PDF to upload.' }),
  tooLarge: msg({ message: 'This PDF is larger than {size} MB. Please choose a smaller file.' }),
};

/** Whether the bytes start as a PDF does: `%PDF-` within the first kilobyte (some writers put a few bytes before it). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

/**
 * The size of each page of an uploaded PDF; one that cannot be taken is refused in the product's words. The
 * PDF is read in a file worker (`files/file-work.ts`), within its time and memory budget.
 */
export async function readSourcePdf(ctx: Pick<ServerContext, 'fileWork'>, file: UploadedFile | undefined): Promise<PdfPageSize[]> {
  if (!file || file.bytes.length === 0) throw invalidValue(pdfTexts.noFile);
  if (file.tooLarge || file.bytes.length > largestPdf) throw invalidValue(pdfTexts.tooLarge, { size: largestPdf / 1024 / 1024 });
  if (!looksLikePdf(file.bytes)) throw invalidValue(notAPdfText);
  let answer: PdfPagesAnswer;
  try {
    answer = await ctx.fileWork.run('pdf-pages', { bytes: file.bytes });
  } catch (error) {
    if (error instanceof FileWorkRefused && error.failure === 'busy') throw invalidValue(pdfTexts.busy);
    if (error instanceof FileWorkRefused && (error.failure === 'time' || error.failure === 'memory')) throw invalidValue(pdfTexts.tooCostly);
    throw error;
  }
  // The worker answers data (an error does not cross the thread): its refusal is refused here.
  if (!answer.ok) throw invalidValue(answer.reason);
  return answer.value;
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
