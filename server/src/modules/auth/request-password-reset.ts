/**
 * Asking for a new password by email: answers 1, then 201 for repeats within the hour,
 * whatever the address; the job it queues mails the link (`password-reset.ts`). Past five
 * requests an hour for one address (or many from one address), -208; when the request cannot
 * be queued, -207.
 */
import type { CodeResult } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import { addressCounter, limits, takeAttempt } from '../../auth/attempts.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';

export async function requestPasswordReset(
  ctx: Pick<ServerContext, 'db' | 'now' | 'jobs' | 'log'>,
  email: string,
  origin: Origin,
): Promise<CodeResult> {
  const key = email.trim().toLowerCase();
  const taken = await takeAttempt(ctx.db, [{ kind: 'reset-email', key, ...limits.resetPerEmail }, addressCounter('reset-ip', origin.ip)], ctx.now());
  if (!taken)
    throw new AppError(AppErrorCode.TooManyRequests, '', { appCode: '-208', detail: 'Too many reset requests for the address or from the caller.' });
  const repeated = (taken.before[0] ?? 0) > 0;
  try {
    await ctx.jobs.enqueue('password-reset', { email: key, ip: origin.ip, userAgent: origin.userAgent.slice(0, 512) });
  } catch (error) {
    ctx.log.error({ err: error }, 'A reset request could not be queued.');
    throw new AppError(AppErrorCode.Unavailable, '', { appCode: '-207', detail: 'The reset request could not be queued.' });
  }
  return { code: repeated ? 201 : 1, message: '' };
}
