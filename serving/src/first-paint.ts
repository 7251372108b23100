/**
 * The id of the markup a signing link's HTML paints before the app starts (the reference
 * server writes it, `server/src/modules/forms/signing-page.ts`; the app removes it when it
 * takes over, `web/src/prerender/first-paint.ts`). Its own module: the app's entry imports
 * it without the rest of this package.
 */
export const firstPaintId = 'first-paint';
