/**
 * What a file worker answers about an uploaded PDF, and the words it refuses one with. Apart
 * from `pdf-pages.ts` so that the thread answering requests reads them without loading the PDF
 * library, which only the file workers need (it costs the process about a hundred megabytes).
 */
import type { PdfPageSize } from '../db/schema.js';

/** A file worker answers plain data: the pages, or the reason the file is refused (the template's use case refuses with it). */
export type PdfPagesAnswer = { ok: true; value: PdfPageSize[] } | { ok: false; reason: string };

export const notAPdfText = 'This file is not a PDF we can read.';
