/**
 * The Entry Book: the entries of a period, and the period a request asks for.
 *
 * Rules (designed; the specification shows none): a period is at most 92 days (the entries
 * are answered at once); today, in the company's time zone, when none is given.
 */
import type { TimeEntriesRequest, TnaEntry } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import { companyTimeZone } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { dayOf, daysBetween, isDay, rangeOf } from './calendar.js';
import { entriesBetween, type TimeEntryRecord } from './repository.js';
import { msg, filled, type Text } from '#words';

export const longestListedPeriod = 92;

/** The contract's text for a request the Entry Book cannot take. */
export const parameterFailed = appCodes.manageTimeEntries['-1'].text;

/** The Entry Book refuses with its application code -1, and the text says why. */
export function entryRefused(message: Text = parameterFailed, code: AppErrorCode = AppErrorCode.InvalidInput): AppError {
  return new AppError(code, message, { appCode: '-1' });
}

export interface Period {
  from: string;
  to: string;
}

export function entryView(entry: TimeEntryRecord): TnaEntry {
  return {
    id: entry.id,
    kind: entry.kind,
    person: entry.person,
    name: entry.name,
    direction: entry.direction,
    at: entry.at.toISOString(),
    note: entry.note,
    recorded_by: entry.recordedBy,
  };
}

/** The period asked for (today when none is given); refused when it cannot be listed. */
export function periodOf(data: TimeEntriesRequest, today: string): Period {
  const from = data.from ?? data.to ?? today;
  const to = data.to ?? data.from ?? today;
  if (!isDay(from) || !isDay(to)) throw entryRefused();
  if (from > to) throw entryRefused(msg({ message: 'The start of the period must not be after its end.' }));
  if (daysBetween(from, to) > longestListedPeriod)
    throw entryRefused(filled(msg({ message: 'Choose a period of at most {days} days.' }), { days: longestListedPeriod }));
  return { from, to };
}

/** The company's entries of the period, newest first. */
export async function entriesOf(db: Database, companyId: number, period: Period, zone: string): Promise<TnaEntry[]> {
  const { start, end } = rangeOf(period.from, period.to, zone);
  const entries = await entriesBetween(db, companyId, start, end);
  return entries.map(entryView);
}

export async function listEntries(ctx: Pick<ServerContext, 'db' | 'now'>, principal: Principal, data: TimeEntriesRequest): Promise<TnaEntry[]> {
  const zone = await companyTimeZone(ctx.db, principal.companyId);
  const period = periodOf(data, dayOf(ctx.now(), zone));
  return entriesOf(ctx.db, principal.companyId, period, zone);
}
