/**
 * Recording an entry in the Entry Book: clocking staff and visitors in and out.
 *
 * Rules (designed; the specification shows none): an entry is recorded at the moment it is
 * made. Administrators record entries for anyone; everyone else clocks only themselves in and
 * out. A visitor is one already known or a new one by name, who arrives (a new visitor cannot
 * leave first); clocking a visitor out ends their visit, and a visitor who left and comes
 * back starts a new visit. The answer is the entries of the period asked for.
 */
import type { TimeEntriesRequest, TnaEntry } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { displayNameOf, type Principal } from '../../auth/principal.js';
import { companyTimeZone } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { failureTexts } from '../../http/texts.js';
import { dayOf } from './calendar.js';
import { entriesOf, entryRefused, periodOf } from './entries.js';
import { endVisit, findStaff, findVisitForUpdate, insertTimeEntry, insertVisit } from './repository.js';
import { msg, filled } from '#words';

type Direction = NonNullable<TimeEntriesRequest['direction']>;

/** Who the entry is about: the staff member, or the visit it begins or ends. */
interface Subject {
  person: number;
  name: string;
}

async function staffMember(tx: Database, principal: Principal, data: TimeEntriesRequest): Promise<Subject> {
  if (data.person === undefined || data.name !== undefined) throw entryRefused();
  const member = await findStaff(tx, principal.companyId, data.person);
  if (!member) throw entryRefused(undefined, AppErrorCode.NotFound);
  return { person: member.id, name: displayNameOf(member) };
}

async function newVisitor(tx: Database, principal: Principal, data: TimeEntriesRequest, direction: Direction, now: Date): Promise<Subject> {
  const newName = (data.name ?? '').trim();
  if (!newName || newName.length > 200) throw entryRefused(msg({ message: "Enter the visitor's name." }));
  if (direction === 'out') throw entryRefused(msg({ message: 'A new visitor is recorded arriving: choose In.' }));
  const visit = await insertVisit(tx, { companyId: principal.companyId, name: newName, arrivedAt: now });
  return { person: visit.id, name: visit.name };
}

async function knownVisitor(
  tx: Database,
  principal: Principal,
  person: number,
  data: TimeEntriesRequest,
  direction: Direction,
  now: Date,
): Promise<Subject> {
  if (data.name !== undefined) throw entryRefused();
  const visit = await findVisitForUpdate(tx, principal.companyId, person);
  if (!visit) throw entryRefused(undefined, AppErrorCode.NotFound);
  if (direction === 'out') {
    if (visit.leftAt) throw entryRefused(filled(msg({ message: '{name} has already left.' }), { name: visit.name }), AppErrorCode.Conflict);
    await endVisit(tx, visit.id, now);
    return { person: visit.id, name: visit.name };
  }
  if (!visit.leftAt) throw entryRefused(filled(msg({ message: '{name} is already on site.' }), { name: visit.name }), AppErrorCode.Conflict);
  // Back again: a new visit, from the same company to see the same person.
  const again = await insertVisit(tx, {
    companyId: principal.companyId,
    name: visit.name,
    company: visit.company,
    visiting: visit.visiting,
    arrivedAt: now,
  });
  return { person: again.id, name: visit.name };
}

export async function recordTimeEntry(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  principal: Principal,
  data: TimeEntriesRequest,
  origin: Origin,
): Promise<TnaEntry[]> {
  const { kind, direction } = data;
  if (!kind || !direction) throw entryRefused();
  const forSelf = kind === 'staff' && data.person === principal.userId && data.name === undefined;
  if (!principal.admin && !forSelf) throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
  const note = (data.note ?? '').trim();
  const now = ctx.now();
  // The answer lists the period asked for (today when none): a period that cannot be listed is refused before anything is recorded.
  const zone = await companyTimeZone(ctx.db, principal.companyId);
  const period = periodOf(data, dayOf(now, zone));

  await ctx.db.transaction(async (tx) => {
    const { person, name } =
      kind === 'staff'
        ? await staffMember(tx, principal, data)
        : data.person === undefined
          ? await newVisitor(tx, principal, data, direction, now)
          : await knownVisitor(tx, principal, data.person, data, direction, now);
    await insertTimeEntry(tx, {
      companyId: principal.companyId,
      kind,
      person,
      name,
      direction,
      at: now,
      note,
      recordedBy: forSelf ? 'Self' : principal.displayName,
    });
    await recordEvent(tx, {
      event: 'time-recorded',
      companyId: principal.companyId,
      actor: principal,
      target: name,
      origin,
      details: { kind, person, direction },
    });
  });
  return entriesOf(ctx.db, principal.companyId, period, zone);
}
