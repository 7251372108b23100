/**
 * The sites an organisation allows to embed its signing pages in a frame (`embed_origins` of
 * its settings): each an origin, `https://host` or `https://host:port` (`http` only for this
 * machine, while a site is being built), with no path, no wildcard and no credentials. The
 * signing pages' `frame-ancestors` is this list, `'none'` when it is empty: no site embeds
 * them unless the organisation names it.
 */
import { AppError, AppErrorCode } from '../errors/app-error.js';
import { msg, type Words } from '#words';

/** The most sites a company may name. */
export const maxEmbedOrigins = 20;

const originShape = /^(https?):\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;
const thisMachine = new Set(['localhost', '127.0.0.1', '[::1]']);

const embeddingTexts = {
  wildcard: msg({ message: '“{site}”: name each site in full (https://www.example.com); wildcards are not accepted.' }),
  notAnAddress: msg({ message: '“{site}” is not a site’s address. Enter it as https://www.example.com, with a port if it has one, and no path.' }),
  badPort: msg({ message: '“{site}” has a port that does not exist (1 to 65535).' }),
  http: msg({ message: '“{site}” uses http: only https sites may embed signing pages (http is accepted for localhost only).' }),
  tooMany: msg({ message: 'You can allow at most {most} sites to embed signing pages.' }),
};

function refused(message: Words, values: Record<string, unknown>): AppError {
  return new AppError(AppErrorCode.InvalidInput, message, { values });
}

/** One site as its origin (lower case, no default port), or a refusal that names it. */
export function embedOrigin(entry: string): string {
  const value = entry.trim();
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  if (value.includes('*')) throw refused(embeddingTexts.wildcard, { site: shown });
  const match = originShape.exec(value);
  if (!match) throw refused(embeddingTexts.notAnAddress, { site: shown });
  const port = match[3];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) throw refused(embeddingTexts.badPort, { site: shown });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refused(embeddingTexts.notAnAddress, { site: shown });
  }
  if (url.protocol === 'http:' && !thisMachine.has(url.hostname)) throw refused(embeddingTexts.http, { site: shown });
  return url.origin;
}

/** The list as kept: each site checked and written as its origin, blanks and repeats left out, at most `maxEmbedOrigins`. */
export function checkEmbedOrigins(entries: readonly string[]): string[] {
  const origins = [...new Set(entries.filter((entry) => entry.trim() !== '').map(embedOrigin))];
  if (origins.length > maxEmbedOrigins) throw refused(embeddingTexts.tooMany, { most: maxEmbedOrigins });
  return origins;
}

/** The CSP `frame-ancestors` sources for a company's list: the sites, or `'none'`. */
export function frameAncestorsOf(origins: readonly string[] | undefined): string {
  const kept = (origins ?? []).filter((origin) => originShape.test(origin));
  return kept.length > 0 ? kept.join(' ') : "'none'";
}
