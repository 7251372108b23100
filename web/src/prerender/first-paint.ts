/**
 * The first page of a signing link's document, painted by the HTML the server sends (before
 * `#root`, see server/src/modules/forms/signing-page.ts) so a phone shows it without waiting
 * for the app. Meanwhile the app lays its own page out unseen (app.css); once it has drawn its
 * first page (the same image, from the browser's cache), or shows anything else instead (a
 * message, a receipt), it takes the paint's place here.
 */

/** The id of the painted markup (the server's `firstPaintId`). */
export const firstPaintId = 'first-paint';

/** Marked once, when the first page of a signing page's document is on screen (read by the Lighthouse script). */
export const firstPageMark = 'formsign:first-page';

interface ElementTiming extends PerformanceEntry {
  identifier: string;
  renderTime: number;
  loadTime: number;
}

/**
 * Marks when the server's first page was painted, as the browser timed it (its `elementtiming`);
 * as of `now` without Element Timing.
 */
function markPaintedPage(now: number): void {
  const mark = (startTime: number): void => {
    if (performance.getEntriesByName(firstPageMark).length === 0) performance.mark(firstPageMark, { startTime });
  };
  if (!PerformanceObserver.supportedEntryTypes.includes('element')) return mark(now);
  const observer = new PerformanceObserver((list) => {
    const painted = list.getEntries().find((entry): entry is ElementTiming => (entry as ElementTiming).identifier === firstPageMark);
    if (painted) mark(painted.renderTime || painted.loadTime);
  });
  observer.observe({ type: 'element', buffered: true });
  // The buffered entries are delivered in the next task; none (the image was never painted): as of now.
  setTimeout(() => {
    observer.disconnect();
    mark(now);
  }, 100);
}

/** The app's first page is on screen: it takes the place of the server's paint, and the first page is marked (as of the paint's, when it showed it). */
export function firstPageDrawn(): void {
  const paint = document.getElementById(firstPaintId);
  const painted = paint?.querySelector('img');
  const now = performance.now();
  if (painted?.complete && painted.naturalWidth > 0) markPaintedPage(now);
  else if (performance.getEntriesByName(firstPageMark).length === 0) performance.mark(firstPageMark);
  paint?.remove();
}

/** The app shows something else than the document's pages (a message, a receipt, a PDF it draws): it takes the paint's place. */
export function handOverFirstPaint(): void {
  document.getElementById(firstPaintId)?.remove();
}
