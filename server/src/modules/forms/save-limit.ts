/**
 * How often one signing link may save a draft: 20 times an hour. The saves are counted from
 * the audit trail ("saved" events of the place) inside the transaction that holds the form's
 * lock (`steps.ts`), so the limit holds across requests and server processes. Past it the
 * save is refused with 429 and `Retry-After`: when the oldest of those saves is an hour old.
 * Sending the form is never limited by it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rawRows } from '../../db/raw-rows.js';
import { auditEvents } from '../../db/schema.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';


export const savesPerHour = 20;

export async function checkSaveLimit(tx: Database, formId: number, order: number): Promise<void> {
  const [recent] = await rawRows<{ saves: number; wait: number }>(
    tx,
    sql`select count(*)::int as saves,
               coalesce(ceil(extract(epoch from min(at) + interval '1 hour' - now())), 0)::int as wait
          from (select ${auditEvents.at} as at
                  from ${auditEvents}
                 where ${auditEvents.formId} = ${formId}
                   and ${auditEvents.event} = 'saved'
                   and ${auditEvents.details} ->> 'order' = ${String(order)}
                   and ${auditEvents.at} > now() - interval '1 hour'
                 order by ${auditEvents.at} desc
                 limit ${savesPerHour}) as last_saves`,
  );
  if (!recent || recent.saves < savesPerHour) return;
  const seconds = Math.min(3600, Math.max(1, recent.wait));
  const minutes = Math.ceil(seconds / 60);
  throw new AppError(
    AppErrorCode.TooManyRequests,
    `This form has been saved ${savesPerHour} times in the last hour. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} before saving it again, or send it when it is ready.`,
    { retryAfterSeconds: seconds },
  );
}
