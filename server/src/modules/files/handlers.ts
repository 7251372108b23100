/** Downloading a file by its signed address (`GET /file`). */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { readsFromStart, recordSealedPdfDownload } from '../forms/record-download.js';
import { downloadFile } from './download-file.js';

const mimes: Record<string, string> = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
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

/**
 * The Content-Disposition of a download (RFC 6266): a plain ASCII `filename` for old clients
 * (anything else, quotes and backslashes become "_"), and the exact name, UTF-8 and
 * percent-encoded, in `filename*`. The name comes from the address, so nothing in it can end
 * the header or add another.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encoded}`;
}

export function filesHandlers(ctx: Pick<ServerContext, 'db' | 'files' | 'keys' | 'now'>): Pick<Handlers, 'downloadFile'> {
  return {
    async downloadFile({ query, reply, raw, ip, userAgent }) {
      const { bytes, name } = await downloadFile(ctx, query);
      // A sealed PDF's download is a step of its form's trail.
      if (readsFromStart(raw.headers.range)) await recordSealedPdfDownload(ctx, query.key, { ip, userAgent });
      reply
        .type(mimeOf(name.includes('.') ? name : query.key))
        .header(
          'Content-Disposition',
          contentDisposition(!query.download && (mimeOf(name) === 'application/pdf' || name.endsWith('.vtt')) ? 'inline' : 'attachment', name),
        )
        .header('Cache-Control', 'private, max-age=300');
      return bytes as unknown as string;
    },
  };
}
