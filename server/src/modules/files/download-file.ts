/**
 * Downloading a file by its signed address: the signature must be the server's and not yet
 * expired; the name given (or the key's last part) is made safe to send as a file name.
 */
import { isValidKey } from '../../files/file-store.js';
import { fileSignatureValid } from '../../files/signed-urls.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { notFound } from '../../http/errors.js';

export interface SignedAddress {
  key: string;
  exp: number;
  sig: string;
  name?: string | undefined;
}

export async function downloadFile(
  ctx: Pick<ServerContext, 'files' | 'keys' | 'now'>,
  address: SignedAddress,
): Promise<{ bytes: Buffer; name: string }> {
  if (!isValidKey(address.key) || !fileSignatureValid(ctx.keys, address.key, address.exp, address.sig, ctx.now())) {
    throw new AppError(AppErrorCode.Forbidden, 'This download link has expired. Please reload the page and try again.');
  }
  const bytes = await ctx.files.get(address.key);
  if (!bytes) throw notFound();
  // Letters of every language stay (the header encodes them); control characters and path separators do not.
  const given = address.name ?? address.key.split('/').pop() ?? 'file';
  const name =
    [...given]
      .map((char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' || char === '/' || char === '\\' ? '_' : char))
      .join('')
      .trim() || 'file';
  return { bytes, name };
}
