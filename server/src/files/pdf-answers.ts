/**
 * What a file worker answers about an uploaded PDF, and the words it refuses one with. Apart
 * from `pdf-pages.ts` so that the thread answering requests reads them without loading the PDF
 * library, which only the file workers need (it costs the process about a hundred megabytes).
 */
import type { PdfPageSize } from '../db/schema.js';
import { msg, type Words } from '#words';

/** A file worker answers plain data: the pages, or the reason the file is refused (the template's use case refuses with it). */
export type PdfPagesAnswer = { ok: true; value: PdfPageSize[] } | { ok: false; reason: Words };

export const notAPdfText = msg({ message: 'This file is not a PDF we can read.' });

export const pdfPagesTexts = {
  password: msg({ message: 'This PDF is protected by a password. Please upload a copy without one.' }),
  tooManyPages: msg({ message: 'This PDF has {count} pages; a template can have at most {most}.' }),
};
