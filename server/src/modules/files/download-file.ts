/**
 * Downloading a file by its signed address: the signature must be the server's and not yet
 * expired; the name given (or the key's last part) is made safe to send as a file name. A
 * request for one range of bytes (a PDF viewer reading the pages it shows) gets those bytes
 * only, read alone from the store (`byte-range.ts` says which requests are answered whole).
 */
import { byteRange } from '../../files/byte-range.js';
import { isValidKey } from '../../files/file-store.js';
import { fileSignatureValid } from '../../files/signed-urls.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { notFound } from '../../http/errors.js';
import { msg } from '#words';

export interface SignedAddress {
  key: string;
  exp: number;
  sig: string;
  name?: string | undefined;
}

/** The request's `Range` and `If-Range` headers, as sent. */
export interface RangeAsked {
  range?: string | undefined;
  ifRange?: string | undefined;
}

/** The whole file, the bytes `start` to `end` (both included) of it, or nothing (the range starts past its end). */
export type Download = { name: string; size: number; etag: string } & (
  { kind: 'whole'; bytes: Buffer } | { kind: 'part'; bytes: Buffer; start: number; end: number } | { kind: 'unsatisfiable' }
);

export async function downloadFile(
  ctx: Pick<ServerContext, 'files' | 'keys' | 'now'>,
  address: SignedAddress,
  asked: RangeAsked = {},
): Promise<Download> {
  if (!isValidKey(address.key) || !fileSignatureValid(ctx.keys, address.key, address.exp, address.sig, ctx.now())) {
    throw new AppError(AppErrorCode.Forbidden, msg({ message: 'This download link has expired. Please reload the page and try again.' }));
  }
  const version = await ctx.files.stat(address.key);
  if (!version) throw notFound();
  // Letters of every language stay (the header encodes them); control characters and path separators do not.
  const given = address.name ?? address.key.split('/').pop() ?? 'file';
  const name =
    [...given]
      .map((char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' || char === '/' || char === '\\' ? '_' : char))
      .join('')
      .trim() || 'file';
  const { size, etag } = version;
  const answer = byteRange(size, etag, asked.range, asked.ifRange);
  if (answer.kind === 'unsatisfiable') return { kind: 'unsatisfiable', name, size, etag };
  if (answer.kind === 'part') {
    const bytes = await ctx.files.getRange(address.key, answer.start, answer.end);
    if (!bytes) throw notFound();
    return { kind: 'part', bytes, start: answer.start, end: answer.start + bytes.length - 1, name, size, etag };
  }
  const bytes = await ctx.files.get(address.key);
  if (!bytes) throw notFound();
  return { kind: 'whole', bytes, name, size: bytes.length, etag };
}
