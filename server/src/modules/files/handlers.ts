/** Downloading a file by its signed address (`GET /file`). */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { fileSignatureValid } from '../../files/signed-urls.js';
import { isValidKey } from '../../files/file-store.js';
import { notFound } from '../../http/errors.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';

const mimes: Record<string, string> = {
  pdf: 'application/pdf',
  vtt: 'text/vtt; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  txt: 'text/plain; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function mimeOf(name: string): string {
  return mimes[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

export function filesHandlers(ctx: ServerContext): Pick<Handlers, 'downloadFile'> {
  return {
    async downloadFile({ query, reply }) {
      if (!isValidKey(query.key) || !fileSignatureValid(ctx.keys, query.key, query.exp, query.sig, ctx.now())) {
        throw new AppError(AppErrorCode.Forbidden, 'This download link has expired. Please reload the page and try again.');
      }
      const bytes = await ctx.files.get(query.key);
      if (!bytes) throw notFound();
      const name = (query.name ?? query.key.split('/').pop() ?? 'file').replace(/[^\w. -]+/g, '_');
      reply
        .type(mimeOf(name.includes('.') ? name : query.key))
        .header('Content-Disposition', `${mimeOf(name) === 'application/pdf' || name.endsWith('.vtt') ? 'inline' : 'attachment'}; filename="${name}"`)
        .header('Cache-Control', 'private, max-age=300');
      return bytes as unknown as string;
    },
  };
}
