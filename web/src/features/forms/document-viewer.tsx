/**
 * A document's pages on a signing page: the images the server drew of a PDF's pages (plain
 * `<img>`: the first fetched at once and first of all, the others only as they come near the
 * screen), or, for a PDF without them and a PDF made for this page, its pages drawn by pdf.js
 * (the first at once, a later one only as it scrolls near the screen). Each page fits the width
 * it is given (a 390 px phone as a 1280 px desktop), and the zoom buttons enlarge or shrink it
 * (pinching works too: nothing blocks the browser's own zoom); its box has its size before
 * anything is drawn in it, so nothing moves as pages arrive. Over each page, `overlay` places
 * what belongs on it (the fields, at the page's scale). Once the first page is drawn it takes
 * the place of the one the server painted before the app started, if any (first-paint.ts).
 */
import type { DocumentPage as PageImage, PdfPageSize } from '@formsign/sdk';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { sizesFor } from './document-fields.ts';
import { firstPaint, handOverFirstPaint } from '../../prerender/first-paint.ts';
import { drawPage, type PDFDocumentProxy } from './pdf-document.ts';

/** Marked once, when the first page of a signing page's document is on screen (read by the Lighthouse script). */
export const firstPageMark = 'formsign:first-page';

interface ElementTiming extends PerformanceEntry {
  identifier: string;
  renderTime: number;
  loadTime: number;
}

function markFirstPage(startTime?: number): void {
  if (performance.getEntriesByName(firstPageMark).length === 0) performance.mark(firstPageMark, startTime === undefined ? {} : { startTime });
}

/**
 * Marks when the page the server painted showed, as the browser timed it (its `elementtiming`,
 * named after the mark); as of `now` without Element Timing.
 */
function markPaintedPage(now: number): void {
  if (!PerformanceObserver.supportedEntryTypes.includes('element')) return markFirstPage(now);
  const observer = new PerformanceObserver((list) => {
    const painted = list.getEntries().find((entry): entry is ElementTiming => (entry as ElementTiming).identifier === firstPageMark);
    if (painted) markFirstPage(painted.renderTime || painted.loadTime);
  });
  observer.observe({ type: 'element', buffered: true });
  // The buffered entries come in the next task; none (the image was never painted): as of now.
  setTimeout(() => {
    observer.disconnect();
    markFirstPage(now);
  }, 100);
}

/** The app's first page is on screen: it takes the place of the server's paint, and is marked (as of the paint's, when that showed it). */
function firstPageDrawn(): void {
  const painted = firstPaint()?.querySelector('img');
  if (painted?.complete && painted.naturalWidth > 0) markPaintedPage(performance.now());
  else markFirstPage();
  handOverFirstPaint();
}

const zooms = [0.75, 1, 1.25, 1.5, 2, 3] as const;

/** What the pages are drawn from: the server's images of them, or the PDF itself. */
export type DocumentSource = { images: readonly PageImage[] } | { pdf: PDFDocumentProxy };

interface DocumentViewerProps {
  source: DocumentSource;
  /** What the document is, for assistive technology ("The document to sign"). */
  label: string;
  /** What sits over page `page` (numbered from 1) when it is shown `scale` CSS pixels per point. */
  overlay?: (page: number, size: PdfPageSize, scale: number) => ReactNode;
}

interface PageProps {
  number: number;
  count: number;
  size: PdfPageSize;
  scale: number;
  children?: ReactNode;
}

/**
 * Whether the page's box is on or near the screen (300 px ahead): the first page always is. The
 * browser's own lazy loading looks much further ahead on a slow connection (a phone would fetch
 * several pages with the first, sharing its bandwidth), so the pages say when they are wanted.
 */
function useNear(frame: RefObject<HTMLDivElement | null>, first: boolean): boolean {
  const [near, setNear] = useState(() => first || typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = frame.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '300px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame, near]);
  return near;
}

/** A page the server drew: the first loads at once, ahead of anything else; the others only as they come near the screen. */
function ImagePage({ image, number, count, size, scale, children }: PageProps & { image: PageImage }) {
  const frame = useRef<HTMLDivElement>(null);
  const near = useNear(frame, number === 1);
  const { t } = useLingui();
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  const name = t`Page ${number} of ${count}`;
  return (
    <div ref={frame} className="doc-page" style={{ width: size.width * scale, height: size.height * scale }} data-page={number}>
      {near ? (
        <img
          className="doc-page__canvas"
          src={image.url}
          width={width}
          height={height}
          alt={name}
          decoding="async"
          {...(number === 1 ? { fetchPriority: 'high' as const, onLoad: firstPageDrawn, onError: handOverFirstPaint } : { loading: 'lazy' as const })}
        />
      ) : (
        <div className="doc-page__canvas" role="img" aria-label={name} style={{ width, height }} />
      )}
      {children}
    </div>
  );
}

/** A page of a PDF, drawn by pdf.js: the first at once, the others when they come near the screen. */
function PdfPage({
  pdf,
  number,
  count,
  size,
  scale,
  onSize,
  children,
}: PageProps & { pdf: PDFDocumentProxy; onSize(number: number, size: PdfPageSize): void }) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNear(frame, number === 1);
  const { t } = useLingui();
  useEffect(() => {
    const element = canvas.current;
    if (!near || !element || scale <= 0) return;
    let cancelled = false;
    let cancel: (() => void) | undefined;
    void drawPage(pdf, number, element, scale)
      .then(({ task, page }) => {
        if (cancelled) return task.cancel();
        cancel = () => task.cancel();
        const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
        const rotated = page.rotate % 180 !== 0;
        const width = Math.abs(x1 - x0);
        const height = Math.abs(y1 - y0);
        onSize(number, rotated ? { width: height, height: width } : { width, height });
        return task.promise.then(() => number === 1 && firstPageDrawn());
      })
      .catch(() => {
        // A drawing cancelled by a newer one (a zoom, a resize) is not a failure.
      });
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [pdf, number, scale, near, onSize]);
  return (
    <div ref={frame} className="doc-page" style={{ width: size.width * scale, height: size.height * scale }} data-page={number}>
      <canvas ref={canvas} className="doc-page__canvas" role="img" aria-label={t`Page ${number} of ${count}`} />
      {children}
    </div>
  );
}

export function DocumentViewer({ source, label, overlay }: DocumentViewerProps) {
  const pdf = 'pdf' in source ? source.pdf : null;
  const images = 'images' in source ? source.images : null;
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [known, setKnown] = useState<ReadonlyMap<number, PdfPageSize>>(new Map());
  const [fallback, setFallback] = useState<PdfPageSize | null>(null);
  useEffect(() => {
    if (!pdf) return;
    let live = true;
    // The first page's size stands for the pages not read yet, so the page keeps its length as they are drawn;
    // no page box is laid out before it is known, so none changes size when the first is drawn.
    void pdf.getPage(1).then(
      (page) => {
        const viewport = page.getViewport({ scale: 1 });
        if (live) setFallback({ width: viewport.width, height: viewport.height });
      },
      () => live && setFallback({ width: 595.28, height: 841.89 }),
    );
    return () => {
      live = false;
    };
  }, [pdf]);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = (): void => setWidth(element.clientWidth);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);
  const [onSize] = useState(
    () => (number: number, size: PdfPageSize) =>
      setKnown((current) => {
        const had = current.get(number);
        if (had && had.width === size.width && had.height === size.height) return current;
        return new Map(current).set(number, size);
      }),
  );
  // The server gave each image's page size; a PDF's are learnt as its pages are read.
  const sizes: readonly PdfPageSize[] = images ?? (pdf && fallback ? sizesFor(pdf.numPages, known, fallback) : []);
  const count = images ? images.length : (pdf?.numPages ?? 0);
  const ready = width > 0 && sizes.length > 0;
  const place = zooms.indexOf(zoom as (typeof zooms)[number]);
  const { t } = useLingui();
  return (
    <section className="doc-viewer" aria-label={label}>
      <div className="doc-viewer__tools" role="group" aria-label={t`Zoom`}>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={place <= 0}
          onClick={() => setZoom(zooms[place - 1] ?? zoom)}
        >
          <span aria-hidden="true">−</span>
          <span className="visually-hidden">
            <Trans>Zoom out</Trans>
          </span>
        </button>
        <button type="button" className="button button--ghost button--small" disabled={zoom === 1} onClick={() => setZoom(1)}>
          <Trans>Fit to width</Trans>
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={place >= zooms.length - 1}
          onClick={() => setZoom(zooms[place + 1] ?? zoom)}
        >
          <span aria-hidden="true">+</span>
          <span className="visually-hidden">
            <Trans>Zoom in</Trans>
          </span>
        </button>
        <span className="doc-viewer__zoom" aria-live="polite">
          {Math.round(zoom * 100)} %
        </span>
        <span className="doc-viewer__count muted">
          <Plural value={count} one="# page" other="# pages" />
        </span>
      </div>
      {/* Until its width and the first page's size are known, the room of a page (as while the document opened), so what follows does not jump. */}
      <div ref={box} className="doc-viewer__pages" style={ready ? undefined : { minHeight: '70vh' }}>
        {ready
          ? sizes.map((size, index) => {
              const number = index + 1;
              const scale = ((width - 2) * zoom) / size.width;
              const image = images?.[index];
              const fields = overlay?.(number, size, scale);
              return image ? (
                <ImagePage key={number} image={image} number={number} count={count} size={size} scale={scale}>
                  {fields}
                </ImagePage>
              ) : pdf ? (
                <PdfPage key={number} pdf={pdf} number={number} count={count} size={size} scale={scale} onSize={onSize}>
                  {fields}
                </PdfPage>
              ) : null;
            })
          : null}
      </div>
    </section>
  );
}
