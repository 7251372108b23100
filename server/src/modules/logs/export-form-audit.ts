/**
 * Exporting the form audit (`GET /formaudit-export`): the events the list shows with the same
 * filters (one form's trail, a period), every one of them, oldest first, as CSV written a batch
 * at a time while the answer streams, or as a PDF drawn in a file worker like the audit-trail
 * pages of a sealed PDF. Both are bounded: more events than a file of its kind holds are
 * refused before anything is read, with words asking for a shorter period. The export is
 * recorded (`downloaded`, `export: form-audit`) before it starts.
 */
import { Readable } from 'node:stream';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { formEventTexts } from '../../audit/form-events.js';
import type { Principal } from '../../auth/principal.js';
import { companyDateStyle, companyName } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { FileWorkRefused } from '../../files/file-work.js';
import { badRequest } from '../../http/errors.js';
import { csvRecord } from '../database/csv.js';
import { actorShown } from './action-texts.js';
import { formAuditBatch, formAuditExceeds, type FormAuditCursor, type FormAuditFilters, type FormAuditRow } from './repository.js';
import { filled, msg } from '#words';
import { say, type Language } from '../../i18n/i18n.js';

/** The most events one export holds, by format. */
export const exportCaps = { csv: 100_000, pdf: 2_000 } as const;
/** Events read per query while exporting. */
const exportBatch = 1_000;

export type ExportFormat = keyof typeof exportCaps;

export interface ExportedTrail {
  name: string;
  type: string;
  body: Readable | Uint8Array;
}

const csvColumns = ['at', 'reference', 'title', 'event', 'actor', 'ip'] as const;

const exportTexts = {
  form: msg({ message: 'form {id}' }),
  period: msg({ message: '{from} to {to}' }),
  from: msg({ message: 'from {from}' }),
  upTo: msg({ message: 'up to {to}' }),
  everyForm: msg({ message: 'every form' }),
  tooManyCsv: msg({ message: 'More than {most, number} events match: an audit CSV holds at most {most, number}. Please choose a shorter period.' }),
  tooManyPdf: msg({
    message: 'More than {most, number} events match: an audit PDF holds at most {most, number}. Please choose a shorter period, or export CSV.',
  }),
  busy: msg({ message: 'Many files are being made at the moment. Please try again in a minute.' }),
};

/** What the export covers, in words (in `language`): the form, the period, or everything the filters leave. */
function covers(filters: FormAuditFilters, first: FormAuditRow | undefined, language: Language): string {
  if (filters.form)
    return first ? `${first.reference}${first.title ? ` ${first.title}` : ''}` : say(language, exportTexts.form, { id: filters.form });
  if (filters.from && filters.to) return say(language, exportTexts.period, { from: filters.from, to: filters.to });
  if (filters.from) return say(language, exportTexts.from, { from: filters.from });
  if (filters.to) return say(language, exportTexts.upTo, { to: filters.to });
  return say(language, exportTexts.everyForm);
}

function fileName(filters: FormAuditFilters, first: FormAuditRow | undefined, now: Date, format: ExportFormat): string {
  const what = filters.form && first ? first.reference : (filters.from ?? now.toISOString().slice(0, 10));
  // Letters, digits, dots and dashes only: the name goes into a header as it is.
  return `formsign-audit-${what.replace(/[^\w.-]+/g, '-')}.${format}`;
}

export async function exportFormAudit(
  ctx: Pick<ServerContext, 'db' | 'now' | 'fileWork'>,
  principal: Principal,
  filters: FormAuditFilters,
  format: ExportFormat,
  origin: Origin,
  language: Language = 'en',
): Promise<ExportedTrail> {
  const cap = exportCaps[format];
  if (await formAuditExceeds(ctx.db, principal, filters, cap))
    throw badRequest(filled(format === 'csv' ? exportTexts.tooManyCsv : exportTexts.tooManyPdf, { most: cap }));
  const db = ctx.db;
  const firstBatch = await formAuditBatch(db, principal, filters, null, format === 'pdf' ? cap : exportBatch);
  const now = ctx.now();
  await recordEvent(db, {
    event: 'downloaded',
    companyId: principal.companyId,
    actor: principal,
    // The trail keeps what the export covered in English.
    target: covers(filters, firstBatch[0], 'en'),
    origin,
    details: { export: 'form-audit', format, filters: { ...filters } },
  });
  const name = fileName(filters, firstBatch[0], now, format);
  if (format === 'pdf') {
    const input = {
      language,
      company: (await companyName(db, principal.companyId)) ?? '',
      covers: covers(filters, firstBatch[0], language),
      madeAt: now,
      dates: await companyDateStyle(db, principal.companyId),
      events: firstBatch.map((row) => ({
        at: row.at,
        reference: row.reference,
        title: row.title,
        event: say(language, formEventTexts[row.event]),
        actor: actorShown(row.actor, language),
        ip: row.ip,
      })),
    };
    try {
      return { name, type: 'application/pdf', body: await ctx.fileWork.run('audit-trail-pdf', input) };
    } catch (error) {
      if (error instanceof FileWorkRefused && error.failure === 'busy')
        throw new AppError(AppErrorCode.Unavailable, exportTexts.busy, {
          retryAfterSeconds: 30,
          detail: error.message,
        });
      throw error;
    }
  }
  const record = (row: FormAuditRow): string => csvRecord([row.at.toISOString(), row.reference, row.title, row.event, row.actor, row.ip]);
  async function* records(): AsyncGenerator<string> {
    yield csvRecord([...csvColumns]);
    let batch = firstBatch;
    for (;;) {
      if (batch.length > 0) yield batch.map(record).join('');
      const last: { cursor: FormAuditCursor } | undefined = batch.at(-1);
      if (!last || batch.length < exportBatch) return;
      batch = await formAuditBatch(db, principal, filters, last.cursor, exportBatch);
    }
  }
  return { name, type: 'text/csv; charset=utf-8', body: Readable.from(records(), { objectMode: false }) };
}
