/**
 * The links a form's recipients are sent. Each recipient has a page id (random, in the
 * address) and a token: the HMAC of the page id with the instance's secret, so it can be
 * mailed again in a reminder without being stored, names one recipient's place only, cannot
 * be guessed, and stops working when the form is withdrawn, completed or expired.
 * Approvers are users of the company and review signed in, at `/open-pending/{pageId}`.
 */
import { randomBytes } from 'node:crypto';
import type { Keys } from '../../auth/keys.js';
import type { ServerContext } from '../../context.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import { digest } from '../../auth/tokens.js';
import type { StepAction } from '../../db/schema.js';

export function newPageId(): string {
  return randomBytes(16).toString('base64url');
}

export function signingToken(keys: Keys, pageId: string): string {
  return keys.mac('signing', pageId);
}

/** A new page for a place, with its token's hash as the place keeps it. */
export function freshPage(keys: Keys): { pageId: string; tokenHash: string } {
  const pageId = newPageId();
  return { pageId, tokenHash: digest(signingToken(keys, pageId)) };
}

export function tokenMatches(keys: Keys, pageId: string, token: string): boolean {
  return token.length > 0 && keys.verifyMac(token, 'signing', pageId);
}

export function recipientLink(
  keys: Keys,
  publicUrl: string,
  recipient: { pageId: string; order: number; action: Exclude<StepAction, 'copy'> },
): string {
  if (recipient.action === 'approve') return `${publicUrl}/open-pending/${recipient.pageId}`;
  return `${publicUrl}/web-signing/${recipient.pageId}?token=${signingToken(keys, recipient.pageId)}&order=${recipient.order}`;
}

/**
 * The PDF a form was sent with (its template's, as it was then), a signed address that works
 * for two hours: the signing page reads it as soon as it opens. Null without one.
 */
export function sentPdfUrl(ctx: Pick<ServerContext, 'keys' | 'now'>, form: { pdfKey: string | null; reference: string }): string | null {
  return form.pdfKey ? signedFileUrl(ctx.keys, form.pdfKey, ctx.now(), { name: `${form.reference}-unsigned.pdf`, seconds: 2 * 60 * 60 }) : null;
}

/** The name a sealed PDF is saved under: its reference and title, e.g. "NWC-2026-0042 Leave Request.pdf". */
export function sealedPdfName(form: { reference: string; title?: string | undefined }): string {
  const title = (form.title ?? '').replace(/\s+/g, ' ').trim();
  return `${form.reference}${title ? ` ${title}` : ''}`.slice(0, 190) + '.pdf';
}

/** The sealed PDF of a form (a signed address that works for a while, saved as a file), once it is sealed. */
export function sealedPdfUrl(
  ctx: Pick<ServerContext, 'keys' | 'now'>,
  form: { sealedKey: string | null; reference: string; title?: string | undefined },
  seconds?: number,
): string | null {
  return form.sealedKey
    ? signedFileUrl(ctx.keys, form.sealedKey, ctx.now(), { name: sealedPdfName(form), download: true, ...(seconds ? { seconds } : {}) })
    : null;
}
