/**
 * A download of a form's sealed PDF is a step of its trail (`downloaded`): the form audit
 * counts it and the trail lists it. The signed address names the file, not a person, so the
 * event names the address; the IP address and device are the downloader's. A browser reading
 * the file in ranges records one download: the request for its start.
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { ServerContext } from '../../context.js';
import { findForm } from './completed-forms-repository.js';
import { msg } from '#words';
import { say } from '../../i18n/i18n.js';

/** Who downloads by a signed address, as the trail shows it (kept in English; the form audit says it in its reader's language). */
export const linkDownloaderWords = msg({ message: 'Someone with the download link' });
export const linkDownloader = say('en', linkDownloaderWords);

const sealedKey = /^forms\/([1-9]\d{0,9})\/sealed-[\w.-]+\.pdf$/;

/** Records the download of the file `key` when it is a form's sealed PDF; answers whether it was one. */
export async function recordSealedPdfDownload(ctx: Pick<ServerContext, 'db'>, key: string, origin: Origin): Promise<boolean> {
  const match = sealedKey.exec(key);
  if (!match) return false;
  const form = await findForm(ctx.db, Number(match[1]));
  if (!form || form.sealedKey !== key) return false;
  await recordEvent(ctx.db, {
    event: 'downloaded',
    companyId: form.companyId,
    actor: { userId: null, name: linkDownloader },
    target: form.reference,
    formId: form.id,
    origin,
    details: { file: 'sealed-pdf' },
  });
  return true;
}

/** Whether a request reads a file from its start: a whole download, or the first of its ranges. */
export function readsFromStart(range: string | undefined): boolean {
  if (!range) return true;
  return /^bytes=0-/.test(range.trim());
}
