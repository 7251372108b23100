/**
 * A template's PDF as images of its pages, for signing pages: drawn once per PDF (a PDF is
 * stored under its checksum and never changes), in a file worker, by a job queued when the PDF
 * is uploaded, or, for a PDF uploaded before this existed, when a signing page first asks for
 * it (that page draws the PDF in the browser meanwhile). Each image is stored beside its PDF
 * and handed out as a signed address by whoever hands out the PDF's (the signing link's check),
 * never on its own.
 */
import { eq } from 'drizzle-orm';
import type { DocumentPage } from '@formsign/sdk/contract';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { pdfPageImages, type PdfPageSize } from '../../db/schema.js';
import { FileWorkRefused } from '../../files/file-work.js';
import { signedFileUrl } from '../../files/signed-urls.js';

/** Where page `number` (from 1) of the PDF stored at `pdfKey` is stored as an image. */
export function pageImageKey(pdfKey: string, number: number): string {
  return `${pdfKey.replace(/\.pdf$/, '')}-page-${number}.webp`;
}

/** Whether a file's key is a page's image: content-addressed, so a browser keeps it as long as its address works. */
export function isPageImageKey(key: string): boolean {
  return /^templates\/\d+\/source-[0-9a-f]{16}-page-\d+\.webp$/.test(key);
}

async function recordOf(db: Database, pdfKey: string) {
  const [row] = await db.select().from(pdfPageImages).where(eq(pdfPageImages.pdfKey, pdfKey));
  return row;
}

/**
 * Draws the pages of the PDF stored at `pdfKey` and stores them, once. A PDF that cannot be
 * drawn within the file work's budgets is recorded as failed (its pages are then drawn in the
 * browser, as before); anything else (the store, the database) fails the job, which is retried.
 */
export async function renderPageImages(
  ctx: Pick<ServerContext, 'db' | 'files' | 'fileWork'>,
  pdfKey: string,
): Promise<'ready' | 'failed' | 'missing'> {
  const known = await recordOf(ctx.db, pdfKey);
  if (known) return known.status;
  const bytes = await ctx.files.get(pdfKey);
  if (!bytes) return 'missing';
  let pages: PdfPageSize[] | null = null;
  try {
    const answer = await ctx.fileWork.run('pdf-page-images', { bytes }, { wait: true });
    if (answer.ok) {
      for (const [index, page] of answer.value.entries()) await ctx.files.put(pageImageKey(pdfKey, index + 1), page.image, 'image/webp');
      pages = answer.value.map(({ width, height }) => ({ width, height }));
    }
  } catch (error) {
    if (!(error instanceof FileWorkRefused && (error.failure === 'time' || error.failure === 'memory'))) throw error;
  }
  const status = pages ? 'ready' : 'failed';
  await ctx.db
    .insert(pdfPageImages)
    .values({ pdfKey, status, pages: pages ?? [] })
    .onConflictDoNothing();
  return status;
}

/** How long a page's address works: two hours or a little more, ending on the hour, so a page opened again within the hour reads its images from the browser's cache. */
function linkSeconds(now: Date): number {
  const second = Math.floor(now.getTime() / 1000);
  return 2 * 60 * 60 + (3600 - (second % 3600));
}

/**
 * The pages of the PDF stored at `pdfKey` as images (signed addresses, with each page's size in
 * points); null when they could not be drawn, undefined when they are not drawn yet.
 */
export async function drawnPages(ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>, pdfKey: string): Promise<DocumentPage[] | null | undefined> {
  const known = await recordOf(ctx.db, pdfKey);
  if (!known) return undefined;
  if (known.status !== 'ready' || known.pages.length === 0) return null;
  const now = ctx.now();
  const seconds = linkSeconds(now);
  return known.pages.map((page, index) => ({
    url: signedFileUrl(ctx.keys, pageImageKey(pdfKey, index + 1), now, { seconds }),
    width: page.width,
    height: page.height,
  }));
}

/**
 * The pages of the PDF stored at `pdfKey` as images, for a signing page; null without a PDF,
 * while they are not drawn (then queued, once) or when they could not be.
 */
export async function documentPages(ctx: Pick<ServerContext, 'db' | 'keys' | 'now' | 'jobs'>, pdfKey: string | null): Promise<DocumentPage[] | null> {
  if (!pdfKey) return null;
  const pages = await drawnPages(ctx, pdfKey);
  if (pages === undefined) await ctx.jobs.enqueue('render-page-images', { pdfKey });
  return pages ?? null;
}
