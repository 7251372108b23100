/**
 * The Content-Security-Policy every page of the app carries, wherever it is served (the
 * reference server, and `web/scripts/serve.ts` on the mock). Scripts, styles and connections
 * come from this origin only; no plugins; no framing (`frame-ancestors 'none'`, which the
 * signing pages replace with where an organisation may embed them). Images may be `data:` and
 * `blob:` URLs (a drawn signature, a QR code), media `blob:` URLs (a chosen video). React's
 * `style` props set CSSOM properties, which the policy allows; no markup carries a `style`
 * attribute.
 *
 * The one inline script, the boot script the build puts first in `index.html` (it decides
 * before the first paint whether the prerendered login shows), is allowed by its SHA-256
 * hash, read from the page served: that script and no other. JSON data blocks
 * (`type="application/json"`) are not scripts and need nothing. The inline styles a server
 * puts into a page itself (a signing link's page painted before the app starts) are allowed
 * by their hashes, given by that server, never read from the page: a page allows no other.
 */
import { createHash } from 'node:crypto';

const directives = (scriptSources: readonly string[], styleSources: readonly string[], frameAncestors: string): string[] => [
  "default-src 'self'",
  `script-src ${["'self'", ...scriptSources].join(' ')}`,
  `style-src ${["'self'", ...styleSources].join(' ')}`,
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  `frame-ancestors ${frameAncestors}`,
];

const hashSource = (body: string): string => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

/** Each inline script of a page (no `src`, not a JSON data block) as a CSP hash source. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(hashSource(body));
  }
  return hashes;
}

export interface PolicyOptions {
  /** Where the page may be framed (CSP `frame-ancestors` sources); `'none'` by default. */
  frameAncestors?: string;
  /** The text of each inline `<style>` the server put into the page: allowed by its hash. */
  styles?: readonly string[];
}

/** The policy of a page of the app, given the page's HTML (its inline scripts are allowed by hash). */
export function contentSecurityPolicy(html: string, options: PolicyOptions = {}): string {
  return directives(inlineScriptHashes(html), (options.styles ?? []).map(hashSource), options.frameAncestors ?? "'none'").join('; ');
}
