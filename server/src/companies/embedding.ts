/**
 * The sites an organisation allows to embed its signing pages in a frame (`embed_origins` of
 * its settings): each an origin, `https://host` or `https://host:port` (`http` only for this
 * machine, while a site is being built), with no path, no wildcard and no credentials. The
 * signing pages' `frame-ancestors` is this list, `'none'` when it is empty: no site embeds
 * them unless the organisation names it.
 */
import { AppError, AppErrorCode } from '../errors/app-error.js';

/** The most sites a company may name. */
export const maxEmbedOrigins = 20;

const originShape = /^(https?):\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;
const thisMachine = new Set(['localhost', '127.0.0.1', '[::1]']);

function refused(message: string): AppError {
  return new AppError(AppErrorCode.InvalidInput, message);
}

/** One site as its origin (lower case, no default port), or a refusal that names it. */
export function embedOrigin(entry: string): string {
  const value = entry.trim();
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  if (value.includes('*')) throw refused(`“${shown}”: name each site in full (https://www.example.com); wildcards are not accepted.`);
  const match = originShape.exec(value);
  if (!match) throw refused(`“${shown}” is not a site’s address. Enter it as https://www.example.com, with a port if it has one, and no path.`);
  const port = match[3];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) throw refused(`“${shown}” has a port that does not exist (1 to 65535).`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refused(`“${shown}” is not a site’s address. Enter it as https://www.example.com, with a port if it has one, and no path.`);
  }
  if (url.protocol === 'http:' && !thisMachine.has(url.hostname))
    throw refused(`“${shown}” uses http: only https sites may embed signing pages (http is accepted for localhost only).`);
  return url.origin;
}

/** The list as kept: each site checked and written as its origin, blanks and repeats left out, at most `maxEmbedOrigins`. */
export function checkEmbedOrigins(entries: readonly string[]): string[] {
  const origins = [...new Set(entries.filter((entry) => entry.trim() !== '').map(embedOrigin))];
  if (origins.length > maxEmbedOrigins) throw refused(`You can allow at most ${maxEmbedOrigins} sites to embed signing pages.`);
  return origins;
}

/** The CSP `frame-ancestors` sources for a company's list: the sites, or `'none'`. */
export function frameAncestorsOf(origins: readonly string[] | undefined): string {
  const kept = (origins ?? []).filter((origin) => originShape.test(origin));
  return kept.length > 0 ? kept.join(' ') : "'none'";
}
