/**
 * A PDF opened with pdf.js, which is loaded only here, when the template editor or a signing
 * page shows one (so no other page's scripts carry it). Its worker is a file of the build, served from the
 * app's own origin; nothing is evaluated from strings (`isEvalSupported: false`), so the app's
 * Content-Security-Policy needs no exception. A PDF at an address is read by parts (HTTP
 * ranges, `/api/file` answers them): the first page is drawn once the bytes it needs have
 * arrived, however the file is laid out (linearized or not), and the rest only as pages are
 * shown.
 */
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n/i18n.ts';

export type { PDFDocumentProxy };

/** The bytes of one range request: a page's objects usually fit in one or two. */
export const rangeChunkSize = 65_536;

let worker: Worker | null = null;

/** The one worker of every document of the page, started as soon as a page may show a PDF. */
function startWorker(): Worker | null {
  if (!worker && typeof Worker === 'function') worker = new Worker(workerUrl, { type: 'module' });
  return worker;
}

async function load() {
  const started = startWorker();
  const library = await import('pdfjs-dist');
  if (library.GlobalWorkerOptions.workerSrc !== workerUrl) library.GlobalWorkerOptions.workerSrc = workerUrl;
  if (!library.GlobalWorkerOptions.workerPort && started) library.GlobalWorkerOptions.workerPort = started;
  return library;
}

let loading: ReturnType<typeof load> | null = null;

/** pdf.js, loaded once (a failed load is tried again next time). */
function pdfjs(): ReturnType<typeof load> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Starts the worker and loading pdf.js before a document is opened with it: a signing page
 * asks once the signer may finish, so the last screen's document opens without waiting for it.
 */
export function preloadPdf(): void {
  void pdfjs().catch(() => {
    // Loaded again when the document is opened, which says what failed.
  });
}

/**
 * Where pdf.js finds the files some PDFs need (fonts not embedded, CJK character maps, image
 * decoders, colour profiles): on the app's own origin, where the build puts them
 * (web/vite.config.ts), never another site.
 */
function dataFiles(version: string) {
  const folder = `/assets/pdfjs-${version}/`;
  return {
    standardFontDataUrl: `${folder}standard_fonts/`,
    cMapUrl: `${folder}cmaps/`,
    cMapPacked: true,
    wasmUrl: `${folder}wasm/`,
    iccUrl: `${folder}iccs/`,
  };
}

/**
 * The PDF at a (signed, same-origin) address, opened for showing its pages: pdf.js reads it
 * as a stream and asks for the parts a page needs by range, so nothing waits for the whole
 * file (a server without ranges sends it whole, and it is read as it comes).
 */
export async function openPdf(url: string, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const library = await pdfjs();
  signal.throwIfAborted();
  const task = library.getDocument({
    url,
    ...dataFiles(library.version),
    withCredentials: false,
    rangeChunkSize,
    disableAutoFetch: true,
    disableStream: false,
    isEvalSupported: false,
    enableXfa: false,
  });
  signal.addEventListener('abort', () => void task.destroy(), { once: true });
  try {
    return await task.promise;
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status > 0) throw new Error(i18n._(msg`The PDF could not be fetched (${status}).`));
    throw error;
  }
}

function opened(library: Awaited<ReturnType<typeof pdfjs>>, data: Uint8Array, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const task = library.getDocument({ data, ...dataFiles(library.version), isEvalSupported: false, enableXfa: false });
  signal.addEventListener('abort', () => void task.destroy(), { once: true });
  return task.promise;
}

/** A PDF already in hand (one the server made for this page), opened for showing its pages. */
export async function openPdfBlob(blob: Blob, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const [library, data] = await Promise.all([pdfjs(), blob.arrayBuffer()]);
  return opened(library, new Uint8Array(data), signal);
}

/**
 * Draws page `number` on the canvas at `scale` CSS pixels per point (sharp on high-density
 * screens). Answers the task, so a newer drawing can cancel it.
 */
export async function drawPage(
  document: PDFDocumentProxy,
  number: number,
  canvas: HTMLCanvasElement,
  scale: number,
): Promise<{ task: RenderTask; page: PDFPageProxy }> {
  const page = await document.getPage(number);
  const density = Math.min(window.devicePixelRatio || 1, 2);
  const viewport = page.getViewport({ scale: scale * density });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${viewport.width / density}px`;
  canvas.style.height = `${viewport.height / density}px`;
  return { task: page.render({ canvas, viewport }), page };
}
