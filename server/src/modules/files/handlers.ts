/** Downloading a file by its signed address (`GET /file`). */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { readsFromStart, recordSealedPdfDownload } from '../forms/record-download.js';
import { isPageImageKey } from '../templates/page-images.js';
import { downloadFile } from './download-file.js';
import { msg } from '#words';
import { say } from '../../i18n/i18n.js';

const mimes: Record<string, string> = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  txt: 'text/plain; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The 416 answer's text (the contract's example `pastTheEnd`). */
const pastTheEnd = msg({ message: 'That part of the file is past its end. Please reload the page and try again.' });

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
    async downloadFile({ query, reply, raw, ip, userAgent, language }) {
      const header = (name: string): string | undefined => {
        const value = raw.headers[name];
        return Array.isArray(value) ? value.join(',') : value;
      };
      const file = await downloadFile(ctx, query, { range: header('range'), ifRange: header('if-range') });
      const { name } = file;
      reply.header('Accept-Ranges', 'bytes').header('ETag', file.etag);
      if (file.kind === 'unsatisfiable') {
        reply.code(416).header('Content-Range', `bytes */${file.size}`).type('application/json');
        return JSON.stringify({ message: say(language, pastTheEnd) });
      }
      // A sealed PDF's download is a step of its form's trail (once: a read in ranges counts its first).
      if (readsFromStart(raw.headers.range)) await recordSealedPdfDownload(ctx, query.key, { ip, userAgent });
      if (file.kind === 'part') reply.code(206).header('Content-Range', `bytes ${file.start}-${file.end}/${file.size}`);
      reply
        .type(mimeOf(name.includes('.') ? name : query.key))
        .header(
          'Content-Disposition',
          contentDisposition(!query.download && (mimeOf(name) === 'application/pdf' || name.endsWith('.vtt')) ? 'inline' : 'attachment', name),
        )
        // A page's image never changes (content-addressed): kept while its address works.
        .header('Cache-Control', isPageImageKey(query.key) ? 'private, max-age=7200, immutable' : 'private, max-age=300');
      return file.bytes as unknown as string;
    },
  };
}
