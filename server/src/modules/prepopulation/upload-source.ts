/**
 * Creating a data source from a CSV file (`POST /prepopulation-upload`). The file is read in a
 * file worker (`files/csv-records.ts`), never on the thread that answers requests; every bad
 * row comes back with its reason and nothing is saved while there is one. The records are
 * written in one transaction with the source, audited.
 */
import type { PrepopulationUploadResult } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { FileWorkRefused } from '../../files/file-work.js';
import type { UploadedFile } from '../../http/uploads.js';
import { findTemplate } from '../templates/repository.js';
import { guessedOrder } from './mapping.js';
import { findSource, insertSource } from './repository.js';
import { summary } from './summary.js';
import { prepopulationTexts as texts } from './texts.js';
import { type Words } from '#words';
import { say, type Language } from '../../i18n/i18n.js';

/** Bad rows listed in one answer; `problems_total` counts them all. */
export const maxProblemsListed = 1000;

export interface UploadRequest {
  name: string;
  template: string;
  reference?: string | undefined;
}

const badRequest = (text: Words): AppError => new AppError(AppErrorCode.InvalidInput, text);

export async function uploadSource(
  ctx: Pick<ServerContext, 'db' | 'now' | 'fileWork'>,
  principal: Principal,
  request: UploadRequest,
  file: UploadedFile | undefined,
  origin: Origin,
  language: Language = 'en',
): Promise<PrepopulationUploadResult> {
  const name = request.name.trim();
  if (!name) throw badRequest(texts.noName);
  const template = await findTemplate(ctx.db, principal.companyId, Number(request.template));
  if (!template) throw badRequest(texts.noTemplate);
  if (!file || file.bytes.length === 0) throw badRequest(texts.noFile);
  if (file.tooLarge) throw badRequest(texts.tooLarge);
  let read;
  try {
    read = await ctx.fileWork.run('csv-records', { bytes: file.bytes, reference: request.reference ?? '' });
  } catch (error) {
    if (error instanceof FileWorkRefused && error.failure === 'busy')
      throw new AppError(AppErrorCode.Unavailable, texts.busy, { retryAfterSeconds: 60 });
    if (error instanceof FileWorkRefused && (error.failure === 'time' || error.failure === 'memory')) throw badRequest(texts.tooCostly);
    throw error;
  }
  if ('refused' in read) throw badRequest(read.refused);
  if (read.problems.length > 0)
    return {
      code: -1,
      message: say(language, texts.badRows),
      source: null,
      problems: read.problems.slice(0, maxProblemsListed).map(({ row, reason }) => ({ row, reason: say(language, reason) })),
      problems_total: read.problems.length,
    };
  const { headers, reference } = read;
  const records = read.records.map((cells) => Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? ''])));
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    const made = await insertSource(
      tx,
      {
        companyId: principal.companyId,
        name,
        templateId: template.id,
        headers,
        order: guessedOrder(template.fields, headers),
        reference,
        setBy: principal.userId,
        loadedAt: now,
      },
      records,
    );
    await recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: `Data source ${name}`,
      details: { prepopulation: 'created', source: made, records: records.length },
      origin,
    });
    return made;
  });
  const source = await findSource(ctx.db, principal.companyId, id);
  return { code: 1, message: say(language, texts.created), source: source ? summary(source) : null, problems: [], problems_total: 0 };
}
