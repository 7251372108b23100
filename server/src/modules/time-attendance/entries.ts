/**
 * The Entry Book: clocking staff and visitors in and out, and the entries of a period.
 *
 * Rules (designed; the specification shows none): an entry is recorded at the moment it is
 * made. Administrators record entries for anyone; everyone else clocks only themselves in and
 * out. A visitor is one already known or a new one by name, who arrives (a new visitor cannot
 * leave first); clocking a visitor out ends their visit, and a visitor who left and comes
 * back starts a new visit. A period is at most 92 days (the entries are answered at once).
 */
import type { TimeEntriesRequest, TnaEntry } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import { eq } from 'drizzle-orm';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { displayNameOf, type Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { timeEntries, visitors } from '../../db/schema.js';

import { failureTexts } from '../../http/texts.js';
import { dayOf, daysBetween, isDay, rangeOf } from './calendar.js';
import { entriesBetween, findStaff, findVisitForUpdate, type TimeEntryRecord } from './repository.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { companyTimeZone } from '../../companies/repository.js';

export const longestListedPeriod = 92;

type Data = TimeEntriesRequest;

export type EntriesOutcome = { kind: 'entries'; entries: TnaEntry[] } | { kind: 'refused'; message: string };

const parameterFailed = appCodes.manageTimeEntries['-1'].text;

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

/** The period asked for (today when none is given), or why it cannot be listed. */
function periodOf(data: Data, today: string): { from: string; to: string } | { refused: string } {
  const from = data.from ?? data.to ?? today;
  const to = data.to ?? data.from ?? today;
  if (!isDay(from) || !isDay(to)) return { refused: parameterFailed };
  if (from > to) return { refused: 'The start of the period must not be after its end.' };
  if (daysBetween(from, to) > longestListedPeriod) return { refused: `Choose a period of at most ${longestListedPeriod} days.` };
  return { from, to };
}

async function entriesOf(ctx: ServerContext, companyId: number, period: { from: string; to: string }, zone: string): Promise<EntriesOutcome> {
  const { start, end } = rangeOf(period.from, period.to, zone);
  const entries = await entriesBetween(ctx.db, companyId, start, end);
  return { kind: 'entries', entries: entries.map(entryView) };
}

export async function listEntries(ctx: ServerContext, principal: Principal, data: Data): Promise<EntriesOutcome> {
  const zone = await companyTimeZone(ctx.db, principal.companyId);
  const period = periodOf(data, dayOf(ctx.now(), zone));
  if ('refused' in period) return { kind: 'refused', message: period.refused };
  return entriesOf(ctx, principal.companyId, period, zone);
}

type Recorded = { kind: 'recorded' } | { kind: 'refused'; message: string };

const refused = (message: string = parameterFailed): Recorded => ({ kind: 'refused', message });

export async function recordEntry(ctx: ServerContext, principal: Principal, data: Data, origin: Origin): Promise<EntriesOutcome> {
  const { kind, direction } = data;
  if (!kind || !direction) return { kind: 'refused', message: parameterFailed };
  const forSelf = kind === 'staff' && data.person === principal.userId && data.name === undefined;
  if (!principal.admin && !forSelf) throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
  const note = (data.note ?? '').trim();
  const now = ctx.now();
  // The answer lists the period asked for (today when none): a period that cannot be listed is refused before anything is recorded.
  const zone = await companyTimeZone(ctx.db, principal.companyId);
  const period = periodOf(data, dayOf(now, zone));
  if ('refused' in period) return { kind: 'refused', message: period.refused };

  const outcome = await ctx.db.transaction(async (tx): Promise<Recorded> => {
    let person: number;
    let name: string;
    if (kind === 'staff') {
      if (data.person === undefined || data.name !== undefined) return refused();
      const member = await findStaff(tx, principal.companyId, data.person);
      if (!member) return refused();
      person = member.id;
      name = displayNameOf(member);
    } else if (data.person === undefined) {
      const newName = (data.name ?? '').trim();
      if (!newName || newName.length > 200) return refused("Enter the visitor's name.");
      if (direction === 'out') return refused('A new visitor is recorded arriving: choose In.');
      const [visit] = await tx.insert(visitors).values({ companyId: principal.companyId, name: newName, arrivedAt: now }).returning();
      if (!visit) throw new Error('The visit was not recorded.');
      person = visit.id;
      name = visit.name;
    } else {
      if (data.name !== undefined) return refused();
      const visit = await findVisitForUpdate(tx, principal.companyId, data.person);
      if (!visit) return refused();
      name = visit.name;
      if (direction === 'out') {
        if (visit.leftAt) return refused(`${visit.name} has already left.`);
        await tx.update(visitors).set({ leftAt: now }).where(eq(visitors.id, visit.id));
        person = visit.id;
      } else {
        if (!visit.leftAt) return refused(`${visit.name} is already on site.`);
        // Back again: a new visit, from the same company to see the same person.
        const [again] = await tx.insert(visitors).values({ companyId: principal.companyId, name: visit.name, company: visit.company, visiting: visit.visiting, arrivedAt: now }).returning();
        if (!again) throw new Error('The visit was not recorded.');
        person = again.id;
      }
    }
    await tx.insert(timeEntries).values({
      companyId: principal.companyId,
      kind,
      person,
      name,
      direction,
      at: now,
      note,
      recordedBy: forSelf ? 'Self' : principal.displayName,
    });
    await recordEvent(tx, { event: 'time-recorded', companyId: principal.companyId, actor: principal, target: name, origin, details: { kind, person, direction } });
    return { kind: 'recorded' };
  });
  if (outcome.kind === 'refused') return outcome;
  return entriesOf(ctx, principal.companyId, period, zone);
}
