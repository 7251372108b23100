/**
 * The commands an administrator runs on one user of their company (specification, section
 * 4): `delete`; `mfa` 1 (on), 2 (off), 3 (off, and set up at the next sign-in); and any other
 * type sets that field: `class` (which empties `unit` and gives the Administrator class its
 * role), `unit`, `first_name`, `last_name`, `phone`, and `status` (`blocked` blocks the person
 * at their next request; `active` unblocks). A company always keeps an administrator who is
 * not blocked, nobody deletes or blocks themselves, and only a super user changes a super
 * user (their two-factor sign-in, class and role, status, or account).
 */
import { eq } from 'drizzle-orm';
import type { UserCommand } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';
import { activeAdministrators, findCompanyUser, type UserRecord } from './repository.js';
import { roleOfClass } from './invitations.js';

export type CommandOutcome = { kind: 'done' } | { kind: 'unknown' } | { kind: 'refused'; reason?: string };

type Change = Partial<typeof users.$inferInsert>;

const mfaChanges: Record<number, Change> = {
  1: { mfa: true, forceMfa: false },
  2: { mfa: false, forceMfa: false },
  3: { mfa: false, forceMfa: true },
};

const lastAdministrator = 'A company needs at least one administrator who can log in.';
const onlySuperUsers = 'Only a super user can change a super user.';

function text(value: UserCommand['value'], max: number): string | null {
  return typeof value === 'string' && value.length <= max ? value.trim() : null;
}

/** The change a command makes, or why it is refused. */
function changeOf(command: UserCommand, now: Date): Change | { refused: string | undefined } {
  const { type, value } = command;
  switch (type) {
    case 'mfa': {
      const change = mfaChanges[Number(value)];
      return change ?? { refused: undefined };
    }
    case 'class': {
      const userClass = text(value, 100);
      return userClass ? { class: userClass, unit: [], role: roleOfClass(userClass) } : { refused: undefined };
    }
    case 'unit': {
      const units = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
      const clean = units?.map((unit) => unit.trim()).filter(Boolean);
      return clean && clean.length <= 50 && clean.every((unit) => unit.length <= 100) ? { unit: [...new Set(clean)] } : { refused: undefined };
    }
    case 'first_name':
    case 'last_name': {
      const name = text(value, 100);
      return name === null ? { refused: undefined } : type === 'first_name' ? { firstName: name } : { lastName: name };
    }
    case 'phone': {
      const phone = text(value, 40);
      return phone === null ? { refused: undefined } : { phone };
    }
    case 'status':
      if (value === 'blocked') return { blockedAt: now };
      if (value === 'active') return { blockedAt: null };
      return { refused: undefined };
    default:
      return { refused: undefined };
  }
}

/** Whether a change would leave the company without an administrator who can log in. */
async function leavesNoAdministrator(db: Database, user: UserRecord, change: Change): Promise<boolean> {
  const wasActiveAdmin = user.role === 'admin' && !user.blockedAt;
  const staysActiveAdmin = (change.role ?? user.role) === 'admin' && !(change.blockedAt !== undefined ? change.blockedAt : user.blockedAt);
  return wasActiveAdmin && !staysActiveAdmin && (await activeAdministrators(db, user.companyId)) <= 1;
}

export async function runCommand(ctx: ServerContext, actor: Principal, command: UserCommand, origin: Origin): Promise<CommandOutcome> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx): Promise<CommandOutcome> => {
    const user = await findCompanyUser(tx, actor.companyId, command.id);
    if (!user) return { kind: 'unknown' };
    if (command.email && command.email.trim().toLowerCase() !== user.email.toLowerCase()) return { kind: 'refused' };
    if (user.isSuper && actor.role !== 'super') return { kind: 'refused', reason: onlySuperUsers };

    if (command.type === 'delete') {
      if (user.id === actor.userId) return { kind: 'refused', reason: 'You cannot delete yourself.' };
      if (await leavesNoAdministrator(tx, user, { role: 'basic' })) return { kind: 'refused', reason: lastAdministrator };
      await tx.delete(users).where(eq(users.id, user.id));
      await recordEvent(tx, { event: 'user-deleted', companyId: actor.companyId, actor, target: user.email, origin });
      return { kind: 'done' };
    }

    const change = changeOf(command, now);
    if ('refused' in change) return { kind: 'refused', ...(change.refused ? { reason: change.refused } : {}) };
    if (change.blockedAt && user.id === actor.userId) return { kind: 'refused', reason: 'You cannot block yourself.' };
    if (await leavesNoAdministrator(tx, user, change)) return { kind: 'refused', reason: lastAdministrator };
    await tx.update(users).set(change).where(eq(users.id, user.id));
    // A blocked person's sessions end now, not only at their next request.
    if (change.blockedAt) await tx.update(sessions).set({ endedAt: now }).where(eq(sessions.userId, user.id));
    await recordEvent(tx, {
      event: 'user-changed',
      companyId: actor.companyId,
      actor,
      target: user.email,
      origin,
      details: { type: command.type, value: command.value },
    });
    return { kind: 'done' };
  });
}
