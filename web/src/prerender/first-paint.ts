/**
 * The first page of a signing link's document, painted by the HTML the server sends (before
 * `#root`, see server/src/modules/forms/signing-page.ts) so a phone shows it without waiting
 * for the app. Meanwhile the app lays its own page out unseen (app.css); once it has drawn its
 * first page (the same image, from the browser's cache: `document-viewer.tsx`), or shows
 * anything else instead (a message, a receipt, a page that could not load), it takes the
 * paint's place here. Kept this small: the app's entry carries it.
 */

import { firstPaintId } from '@formsign/serving/first-paint';

/** The painted markup, while the page shows it. */
export function firstPaint(): HTMLElement | null {
  return document.getElementById(firstPaintId);
}

/** The app's page takes the place of the server's paint (nothing happens when there is none). */
export function handOverFirstPaint(): void {
  firstPaint()?.remove();
}
