/**
 * The web app's catalogues are in three parts, so a page loads only the words it can show:
 * - `shell`: what the app's entry loads before any page (the top bar, the menus, the session,
 *   the shared components and lists) and the login page, whose words come with the app;
 * - `signing`: the pages a signer opens from a link, and /verify, with every page and feature
 *   file they import (a signer's first paint waits for no other words);
 * - `pages`: every other page and feature.
 * Which file is in which part follows the imports (`catalogueParts` in web/scripts/catalogue-parts.ts,
 * read by lingui.config.ts), so a file a signing page starts to import moves to `signing` by itself.
 */
export type CataloguePart = 'shell' | 'signing' | 'pages';

/** The pages (their chunk names) that load no catalogue of their own: their words are in `shell`. */
export const shellPages: readonly string[] = ['login-page'];

/** The pages (their chunk names) whose words, with those of everything they import, are in `signing`. */
export const signingPages: readonly string[] = ['web-signing-page', 'open-signing-page', 'open-pending-page', 'verify-page'];

/** The parts a page needs besides `shell`: none for the login page, `signing` for a signing page, both others for the rest (they may show signing's parts, e.g. a signature pad). */
export function partsOfPage(chunk: string): CataloguePart[] {
  if (shellPages.includes(chunk)) return [];
  if (signingPages.includes(chunk)) return ['signing'];
  return ['signing', 'pages'];
}
