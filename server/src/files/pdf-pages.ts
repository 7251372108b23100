/**
 * The pages of a PDF uploaded for a template: the size of each, or why the file is refused
 * (it does not parse, is protected by a password, has no page or more than 50). Runs in a file
 * worker (`files/file-work.ts`), with its time and memory budget, never on the thread that
 * answers requests.
 */
import { PDF } from '@libpdf/core';
import { notAPdfText, pdfPagesTexts, type PdfPagesAnswer } from './pdf-answers.js';
import { filled } from '#words';

export const mostPages = 50;

const points = (value: number): number => Math.round(value * 100) / 100;

export async function pdfPages(bytes: Uint8Array): Promise<PdfPagesAnswer> {
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes);
  } catch {
    return { ok: false, reason: notAPdfText };
  }
  if (pdf.isEncrypted && !pdf.isAuthenticated) return { ok: false, reason: pdfPagesTexts.password };
  const count = pdf.getPageCount();
  if (count === 0) return { ok: false, reason: notAPdfText };
  if (count > mostPages) return { ok: false, reason: filled(pdfPagesTexts.tooManyPages, { count, most: mostPages }) };
  const pages = pdf.getPages().map((page) => ({ width: points(page.width), height: points(page.height) }));
  if (pages.some((page) => !(page.width > 0 && page.height > 0))) return { ok: false, reason: notAPdfText };
  return { ok: true, value: pages };
}
