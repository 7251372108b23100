/**
 * Checking a bulk send's file, or starting it: with a bad row nothing is stored or sent, and
 * with `check` nothing is stored either. Otherwise the bulk send and its rows are stored, its
 * start recorded in the trail and its job queued, in one transaction; the forms are sent by
 * the job (`bulk-send.job.ts`).
 */
import type { BulkSend, StartBulkSendResult } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import type { UploadedFile } from '../../http/uploads.js';
import { AppError, AppErrorCode, refusalWords } from '../../errors/app-error.js';
import { expiryOf } from '../forms/new-form.js';
import { checkBulkFile, maxProblemsListed, saidProblems, sendableTemplate } from './check-rows.js';
import { bulkSendTexts as texts } from './texts.js';
import { findBulkSend, insertBulkRows, insertBulkSend, type BulkSendRow } from './repository.js';
import { say, type Language } from '../../i18n/i18n.js';

export interface StartRequest {
  template: string;
  /** `true`: only check the file. */
  check?: 'true' | 'false' | undefined;
  message?: string | undefined;
  expires_at?: string | undefined;
}

export function bulkSendOf(row: BulkSendRow): BulkSend {
  return {
    id: row.id,
    template_id: row.templateId,
    template: row.template,
    sender: row.senderName,
    file_name: row.fileName,
    status: row.status,
    total: row.total,
    sent: row.sent,
    unsent: row.unsent,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export async function startBulkSend(
  ctx: Pick<ServerContext, 'db' | 'now' | 'fileWork' | 'jobs'>,
  principal: Principal,
  request: StartRequest,
  file: UploadedFile | undefined,
  origin: Origin,
  language: Language = 'en',
): Promise<StartBulkSendResult> {
  const template = await sendableTemplate(ctx, principal, Number(request.template));
  let expiresAt: Date;
  try {
    expiresAt = expiryOf(request.expires_at, ctx.now());
  } catch (error) {
    // Sending one form answers it with its code; here it is a value not valid (400), in the same words.
    if (error instanceof AppError) throw new AppError(AppErrorCode.InvalidInput, refusalWords(error));
    throw error;
  }
  const message = (request.message ?? '').trim();
  const checked = await checkBulkFile(ctx, principal, template, file, language);
  if (checked.problems.length > 0)
    return {
      code: -1,
      message: say(language, texts.badRows),
      rows: checked.count,
      bulk_send: null,
      problems: saidProblems(language, checked.problems.slice(0, maxProblemsListed)),
      problems_total: checked.problems.length,
    };
  if (request.check === 'true')
    return { code: 2, message: say(language, texts.checked), rows: checked.count, bulk_send: null, problems: [], problems_total: 0 };
  const id = await ctx.db.transaction(async (tx) => {
    const bulk = await insertBulkSend(tx, {
      companyId: principal.companyId,
      templateId: template.id,
      senderId: principal.userId,
      senderName: principal.displayName,
      fileName: (file?.name ?? '').slice(0, 200),
      message,
      expiresAt,
      total: checked.rows.length,
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    await insertBulkRows(tx, bulk.id, checked.rows);
    await recordEvent(tx, {
      event: 'bulk-send-started',
      companyId: principal.companyId,
      actor: principal,
      target: template.title,
      origin,
      details: { bulkSend: bulk.id, rows: checked.rows.length, file: bulk.fileName },
    });
    await ctx.jobs.enqueue('bulk-send', { bulkSendId: bulk.id }, { tx });
    return bulk.id;
  });
  const row = await findBulkSend(ctx.db, principal.companyId, id);
  if (!row) throw new Error('The bulk send was not stored.');
  return { code: 1, message: say(language, texts.started), rows: checked.count, bulk_send: bulkSendOf(row), problems: [], problems_total: 0 };
}
