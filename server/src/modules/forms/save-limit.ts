/**
 * How often one signing link may save a draft: 20 times an hour. The saves are counted from
 * the audit trail ("saved" events of the place) inside the transaction that holds the form's
 * lock (`steps-repository.ts`), so the limit holds across requests and server processes. Past
 * it the save is refused with 429 and `Retry-After`: when the oldest of those saves is an hour
 * old. Sending the form is never limited by it.
 */
import { recentPlaceEvents } from '../../audit/repository.js';
import type { Database } from '../../db/database.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { msg } from '#words';

export const savesPerHour = 20;

const saveLimitTexts = {
  tooMany: msg({
    message:
      'This form has been saved {saves} times in the last hour. Please wait {minutes, plural, one {# minute} other {# minutes}} before saving it again, or send it when it is ready.',
  }),
};

export async function checkSaveLimit(tx: Database, formId: number, order: number): Promise<void> {
  const recent = await recentPlaceEvents(tx, formId, 'saved', order, savesPerHour);
  if (recent.count < savesPerHour) return;
  const seconds = Math.min(3600, Math.max(1, recent.secondsUntilOldestLeaves));
  const minutes = Math.ceil(seconds / 60);
  throw new AppError(AppErrorCode.TooManyRequests, saveLimitTexts.tooMany, { values: { saves: savesPerHour, minutes }, retryAfterSeconds: seconds });
}
