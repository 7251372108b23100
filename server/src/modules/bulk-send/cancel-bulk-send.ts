/**
 * Cancelling a bulk send: under its lock (so after the batch being sent, if any), every row
 * still to send is not sent, cancelled, and the send ends; the job sees it at its next batch
 * and stops. The forms already sent stay sent.
 */
import type { CancelBulkSendResult } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { administersCompany, type Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { failureTexts } from '../../http/texts.js';
import { endBulkSend, findBulkSend, giveUpPending, lockBulkSend, type BulkSendRow } from './repository.js';
import { bulkSendOf } from './start-bulk-send.js';
import { bulkSendTexts as texts } from './texts.js';
import { say, type Language } from '../../i18n/i18n.js';

/** A bulk send the person may follow: their own, or any of their organisation's for an administrator. */
export async function visibleBulkSend(ctx: Pick<ServerContext, 'db'>, principal: Principal, id: number): Promise<BulkSendRow> {
  const row = await findBulkSend(ctx.db, principal.companyId, id);
  if (!row || (row.senderId !== principal.userId && !administersCompany(principal))) throw new AppError(AppErrorCode.NotFound, failureTexts.notFound);
  return row;
}

export async function cancelBulkSend(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  principal: Principal,
  id: number,
  origin: Origin,
  language: Language = 'en',
): Promise<CancelBulkSendResult> {
  const seen = await visibleBulkSend(ctx, principal, id);
  const cancelled = await ctx.db.transaction(async (tx) => {
    const bulk = await lockBulkSend(tx, seen.id);
    if (!bulk || bulk.status !== 'sending') return false;
    const unsent = await giveUpPending(tx, bulk.id, say('en', texts.rowCancelled));
    await endBulkSend(tx, bulk.id, 'cancelled', ctx.now());
    await recordEvent(tx, {
      event: 'bulk-send-cancelled',
      companyId: principal.companyId,
      actor: principal,
      target: seen.template,
      origin,
      details: { bulkSend: bulk.id, sent: bulk.sent, unsent: bulk.unsent + unsent },
    });
    return true;
  });
  const row = await visibleBulkSend(ctx, principal, id);
  return cancelled
    ? { code: 1, message: say(language, texts.cancelled), bulk_send: bulkSendOf(row) }
    : { code: -2, message: say(language, texts.alreadyEnded), bulk_send: bulkSendOf(row) };
}
