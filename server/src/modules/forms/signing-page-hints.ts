/**
 * What the HTML of a signing link's page tells the browser to fetch at once, before the app has
 * started: the first page of the form's document as the server drew it, so a phone downloads it
 * while the app's scripts load, instead of after the form is read. Given only to the link's
 * holder (its token checked, the form not withdrawn), and the address is the very one the
 * form's answer names later (`page-images.ts` ends it on the hour), so the browser uses the
 * image it already has. Opening the page this way records nothing: the form is opened when
 * the app reads it.
 */
import type { ServerContext } from '../../context.js';
import { drawnPages } from '../templates/page-images.js';
import { tokenMatches } from './links.js';
import { placeOfPage } from './repository.js';

const signingPath = /^\/web-signing\/([\w-]{1,64})$/;

/** The `Link` header value preloading the first page's image of the signing link at `path`?`query`; null when there is none to give. */
export async function signingPageHints(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>,
  path: string,
  query: URLSearchParams,
): Promise<string | null> {
  const pageId = signingPath.exec(path)?.[1];
  const token = query.get('token');
  if (!pageId || !token) return null;
  const row = await placeOfPage(ctx.db, pageId);
  if (!row || !tokenMatches(ctx.keys, row.recipient.pageId, token)) return null;
  const { form, recipient } = row;
  if (form.status !== 'sent' && form.status !== 'in_progress') return null;
  if (form.deletedAt || recipient.status !== 'open' || !form.pdfKey) return null;
  // Pages not drawn yet are queued by the form's answer, when the page asks for it.
  const first = (await drawnPages(ctx, form.pdfKey))?.[0];
  return first ? `<${first.url}>; rel=preload; as=image; fetchpriority=high` : null;
}
