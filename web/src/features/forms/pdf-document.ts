/**
 * A PDF opened with pdf.js, which is loaded only here, when the template editor or a signing
 * page shows one (so no other page's scripts carry it). Its worker is a file of the build, served from the
 * app's own origin; nothing is evaluated from strings (`isEvalSupported: false`), so the app's
 * Content-Security-Policy needs no exception.
 */
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';

export type { PDFDocumentProxy };

async function load() {
  const [library, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  if (library.GlobalWorkerOptions.workerSrc !== worker.default) library.GlobalWorkerOptions.workerSrc = worker.default;
  // One worker for every document of the page, started now: it loads while the PDF is fetched.
  if (!library.GlobalWorkerOptions.workerPort && typeof Worker === 'function')
    library.GlobalWorkerOptions.workerPort = new Worker(worker.default, { type: 'module' });
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
 * Starts loading pdf.js before the document is known: a signing page asks while its form is
 * being read, so the library arrives with the form instead of after it.
 */
export function preloadPdf(): void {
  void pdfjs().catch(() => {
    // Loaded again when the document is opened, which says what failed.
  });
}

/** The PDF at a (signed, same-origin) address, opened for showing its pages. */
export async function openPdf(url: string, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const [library, response] = await Promise.all([pdfjs(), fetch(url, { signal, credentials: 'same-origin' })]);
  if (!response.ok) throw new Error(`The PDF could not be fetched (${response.status}).`);
  return opened(library, new Uint8Array(await response.arrayBuffer()), signal);
}

function opened(library: Awaited<ReturnType<typeof pdfjs>>, data: Uint8Array, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const task = library.getDocument({ data, isEvalSupported: false, enableXfa: false });
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
