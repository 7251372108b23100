/**
 * What a file worker does (`file-work.ts`): each task reads or makes a file that may come from
 * anyone (an uploaded PDF, a signer's drawn signature inside a sealed one), so each runs in a
 * worker thread, never on the thread that answers requests. A task takes plain data and answers
 * plain data; the one that needs the network (the seal's timestamp) is given a `fetch` that
 * goes through the server's guarded client. Each task's module is loaded when the task is first
 * run, so a worker started for a CSV does not first load the PDF and sealing code (0.6 s).
 */
import type { CsvRecordsInput, CsvTableInput } from './csv-records.js';
import type { AuditTrailInput, DocumentInput } from '../sealing/render.js';
import type { SealedPdfInput } from '../sealing/sealed-pdf.js';

export interface TaskTools {
  /** Requests through the server's guarded client (`http/outbound.ts`). */
  fetch: typeof fetch;
}

export const fileTasks = {
  /** A PDF's checksum and the seals of the given certificate in it (`POST /verify`). */
  'pdf-seals': async (input: { bytes: Uint8Array; fingerprint: string }) =>
    (await import('../sealing/pdf-signatures.js')).sealsIn(input.bytes, input.fingerprint),
  /** The pages of a template's uploaded PDF. */
  'pdf-pages': async (input: { bytes: Uint8Array }) => (await import('./pdf-pages.js')).pdfPages(input.bytes),
  /** The pages of a template's PDF drawn as images, for signing pages (`modules/templates/page-images.ts`). */
  'pdf-page-images': async (input: { bytes: Uint8Array }) => (await import('./pdf-page-images.js')).pdfPageImages(input.bytes),
  /** A completed form's sealed PDF. */
  'sealed-pdf': async (input: SealedPdfInput, tools: TaskTools) => (await import('../sealing/sealed-pdf.js')).sealedPdf(input, tools),
  /** A form's document as it will be sealed, shown to a signer before they sign (`POST /signing-preview`). */
  'document-preview': async (input: DocumentInput) => (await import('../sealing/render.js')).renderDocument(input),
  /** An exported audit trail of forms (`GET /formaudit-export`). */
  'audit-trail-pdf': async (input: AuditTrailInput) => (await import('../sealing/render.js')).renderAuditTrail(input),
  /** The header and records of a data source's CSV, and its bad rows (`POST /prepopulation-upload`). */
  'csv-records': async (input: CsvRecordsInput) => (await import('./csv-records.js')).csvRecords(input),
  /** The header and rows of a bulk send's CSV, and its malformed rows (`POST /bulk-sends`). */
  'csv-table': async (input: CsvTableInput) => (await import('./csv-records.js')).csvTable(input),
  /** An organisation's stamp image: its type and size, and whether it draws (`POST /company-stamp`). */
  'stamp-image': async (input: { bytes: Uint8Array }) => (await import('./stamp-image.js')).readStampImage(input),
  /** A signer's drawn signature or initials: whether it draws as the seal will draw it (`POST /websigning`). */
  'drawing-image': async (input: { bytes: Uint8Array }) => (await import('./drawing-image.js')).readDrawing(input),
};

export type FileTasks = typeof fileTasks;
export type FileTaskName = keyof FileTasks;
export type FileTaskInput<N extends FileTaskName> = Parameters<FileTasks[N]>[0];
export type FileTaskOutput<N extends FileTaskName> = Awaited<ReturnType<FileTasks[N]>>;
