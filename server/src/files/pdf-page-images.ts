/**
 * The pages of a template's PDF drawn as images, so that a signing page shows them as plain
 * `<img>` (a phone fetches the first page's image and nothing else to show it) instead of
 * loading a PDF reader. Drawn by pdf.js (the reader the app's own template editor uses) on
 * `@napi-rs/canvas`, which installs from npm with its prebuilt binaries, and encoded as
 * lossless WebP: text stays sharp, and a page of text weighs some tens of kilobytes. A page in
 * black and white (the usual letter or contract) keeps 16 shades of grey, which the eye cannot
 * tell from 256 at this size and which halves its weight: a phone on a slow network shows the
 * first page sooner. A page with any colour keeps every colour.
 *
 * Runs in a file worker (`files/file-work.ts`), within its time and memory budget: the PDF may
 * come from anyone. Nothing is evaluated from the file (`isEvalSupported: false`), no form
 * (XFA) is run, fonts are read only from pdf.js's own files, and a page's image is bounded
 * (`imageWidth` wide, at most `tallest` high), however large or long the page claims to be.
 */
import { createRequire } from 'node:module';
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { dirname, join } from 'node:path';
import { notAPdfText } from './pdf-answers.js';
import { mostPages } from './pdf-pages.js';
import { type Words } from '#words';

/** The width of a page's image, in pixels: a phone's screen at its density, and a desktop's column. */
export const imageWidth = 800;
/** The most pixels a page's image is high (a very long page is drawn narrower). */
export const tallest = 4 * imageWidth;

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

export interface PageImage {
  /** The page's size as shown (rotation applied), in PDF points. */
  width: number;
  height: number;
  /** The page as WebP. */
  image: Uint8Array;
}

export type PageImagesAnswer = { ok: true; value: PageImage[] } | { ok: false; reason: Words };

const points = (value: number): number => Math.round(value * 100) / 100;

/** pdf.js's own standard fonts (the 14 a PDF may use without embedding them), as a folder path. */
function standardFonts(): string {
  const require = createRequire(import.meta.url);
  return `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
}

/** The shades of grey a page in black and white keeps. */
export const greys = 16;

/**
 * A page whose every pixel is grey, brought to `greys` evenly spaced shades (lossless WebP then
 * stores it as a small palette). A page with any colour is left as it is.
 */
function fewerGreys(context: SKRSContext2D, width: number, height: number): void {
  const pixels = context.getImageData(0, 0, width, height);
  const data = pixels.data;
  for (let at = 0; at < data.length; at += 4) if (data[at] !== data[at + 1] || data[at] !== data[at + 2]) return;
  const step = 255 / (greys - 1);
  const shade = new Uint8Array(256).map((_, value) => Math.round(Math.round(value / step) * step));
  for (let at = 0; at < data.length; at += 4) {
    const grey = shade[data[at] ?? 0] ?? 0;
    data[at] = grey;
    data[at + 1] = grey;
    data[at + 2] = grey;
  }
  context.putImageData(pixels, 0, 0);
}

export async function pdfPageImages(bytes: Uint8Array): Promise<PageImagesAnswer> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    // pdf.js takes the buffer over: a copy, so the caller's bytes stay whole.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    useSystemFonts: false,
    standardFontDataUrl: standardFonts(),
    verbosity: 0,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch {
    await task.destroy();
    return { ok: false, reason: notAPdfText };
  }
  try {
    if (document.numPages < 1 || document.numPages > mostPages) return { ok: false, reason: notAPdfText };
    const pages: PageImage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const shown = page.getViewport({ scale: 1 });
      if (!(shown.width > 0 && shown.height > 0)) return { ok: false, reason: notAPdfText };
      const scale = Math.min(imageWidth / shown.width, tallest / shown.height);
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      const { canvas, context } = (
        document.canvasFactory as { create(width: number, height: number): { canvas: Canvas; context: SKRSContext2D } }
      ).create(width, height);
      // A page without a background of its own is white on paper: so on screen.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      // pdf.js's types name the browser's canvas; in Node its canvas factory makes @napi-rs/canvas's, which it draws on.
      const target = { canvas, canvasContext: context } as unknown as Pick<RenderParameters, 'canvas' | 'canvasContext'>;
      await page.render({ ...target, viewport }).promise;
      fewerGreys(context, width, height);
      // Quality 100 is lossless WebP: sharp text, and smaller than a lossy one for a page of text.
      const image = await canvas.encode('webp', 100);
      pages.push({ width: points(shown.width), height: points(shown.height), image: new Uint8Array(image) });
      page.cleanup();
    }
    return { ok: true, value: pages };
  } finally {
    await document.destroy();
  }
}
