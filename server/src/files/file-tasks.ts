/**
 * What a file worker does (`file-work.ts`): each task reads or makes a file that may come from
 * anyone (an uploaded PDF, a signer's drawn signature inside a sealed one), so each runs in a
 * worker thread, never on the thread that answers requests. A task takes plain data and answers
 * plain data; the one that needs the network (the seal's timestamp) is given a `fetch` that
 * goes through the server's guarded client.
 */
import { csvRecords, csvTable, type CsvRecordsInput, type CsvTableInput } from './csv-records.js';
import { pdfPageImages } from './pdf-page-images.js';
import { pdfPages } from './pdf-pages.js';
import { sealsIn } from '../sealing/pdf-signatures.js';
import { renderAuditTrail, renderDocument, type AuditTrailInput, type DocumentInput } from '../sealing/render.js';
import { sealedPdf, type SealedPdfInput } from '../sealing/sealed-pdf.js';
import { readDrawing } from './drawing-image.js';
import { readStampImage } from './stamp-image.js';

export interface TaskTools {
  /** Requests through the server's guarded client (`http/outbound.ts`). */
  fetch: typeof fetch;
}

export const fileTasks = {
  /** A PDF's checksum and the seals of the given certificate in it (`POST /verify`). */
  'pdf-seals': (input: { bytes: Uint8Array; fingerprint: string }) => sealsIn(input.bytes, input.fingerprint),
  /** The pages of a template's uploaded PDF. */
  'pdf-pages': (input: { bytes: Uint8Array }) => pdfPages(input.bytes),
  /** The pages of a template's PDF drawn as images, for signing pages (`modules/templates/page-images.ts`). */
  'pdf-page-images': (input: { bytes: Uint8Array }) => pdfPageImages(input.bytes),
  /** A completed form's sealed PDF. */
  'sealed-pdf': (input: SealedPdfInput, tools: TaskTools) => sealedPdf(input, tools),
  /** A form's document as it will be sealed, shown to a signer before they sign (`POST /signing-preview`). */
  'document-preview': (input: DocumentInput) => renderDocument(input),
  /** An exported audit trail of forms (`GET /formaudit-export`). */
  'audit-trail-pdf': (input: AuditTrailInput) => renderAuditTrail(input),
  /** The header and records of a data source's CSV, and its bad rows (`POST /prepopulation-upload`). */
  'csv-records': (input: CsvRecordsInput) => csvRecords(input),
  /** The header and rows of a bulk send's CSV, and its malformed rows (`POST /bulk-sends`). */
  'csv-table': (input: CsvTableInput) => csvTable(input),
  /** An organisation's stamp image: its type and size, and whether it draws (`POST /company-stamp`). */
  'stamp-image': (input: { bytes: Uint8Array }) => readStampImage(input),
  /** A signer's drawn signature or initials: whether it draws as the seal will draw it (`POST /websigning`). */
  'drawing-image': (input: { bytes: Uint8Array }) => readDrawing(input),
};

export type FileTasks = typeof fileTasks;
export type FileTaskName = keyof FileTasks;
export type FileTaskInput<N extends FileTaskName> = Parameters<FileTasks[N]>[0];
export type FileTaskOutput<N extends FileTaskName> = Awaited<ReturnType<FileTasks[N]>>;
