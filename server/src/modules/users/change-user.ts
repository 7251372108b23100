/**
 * The commands an administrator runs to change one user of their company: `mfa` 1 (on), 2
 * (off), 3 (off, and set up at the next sign-in); and any other type sets that field: `class`
 * (which empties `unit` and gives the Administrator class its role), `unit`, `first_name`,
 * `last_name`, `phone`, and `status` (`blocked` blocks the person, ending their sessions now;
 * `active` unblocks); `role` (`basic`, `personal`, `admin`, `super`: an administrator gives
 * the first three, only a super user makes a super user, and nobody raises their own role).
 * Nobody blocks themselves. Deleting: `delete-user.ts`.
 */
import { roleStanding, type Role, type UserCommand } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { endAllSessionsOf } from '../../auth/session-repository.js';
import type { ServerContext } from '../../context.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { updateUser, type UserChange, type UserRecord } from './repository.js';
import { commandRefused, commandTarget, lastAdministrator, leavesNoAdministrator, roleOfClass } from './user-rules.js';
import { msg } from '#words';

const mfaChanges: Record<number, UserChange> = {
  1: { mfa: true, forceMfa: false },
  2: { mfa: false, forceMfa: false },
  3: { mfa: false, forceMfa: true },
};

const roleChanges: Record<Role, UserChange> = {
  basic: { role: 'basic', personal: false, isSuper: false },
  personal: { role: 'admin', personal: true, isSuper: false },
  admin: { role: 'admin', personal: false, isSuper: false },
  super: { role: 'admin', personal: false, isSuper: true },
};

function isRole(value: UserCommand['value']): value is Role {
  return typeof value === 'string' && Object.hasOwn(roleChanges, value);
}

/** Refuses a role the actor may not give: a super user's, by anyone else; a higher one to themselves. */
function checkMayGiveRole(actor: Principal, user: UserRecord, role: Role): void {
  if (role === 'super' && actor.role !== 'super')
    throw commandRefused(msg({ message: 'Only a super user can make a super user.' }), AppErrorCode.Forbidden);
  if (user.id === actor.userId && roleStanding[role] > roleStanding[actor.role])
    throw commandRefused(msg({ message: 'You cannot give yourself a higher role.' }), AppErrorCode.Forbidden);
}

function text(value: UserCommand['value'], max: number): string | null {
  return typeof value === 'string' && value.length <= max ? value.trim() : null;
}

/** The change a command makes, or null when its type or value is not valid. */
function changeOf(command: UserCommand, now: Date): UserChange | null {
  const { type, value } = command;
  switch (type) {
    case 'mfa':
      return mfaChanges[Number(value)] ?? null;
    case 'class': {
      const userClass = text(value, 100);
      return userClass ? { class: userClass, unit: [], role: roleOfClass(userClass) } : null;
    }
    case 'unit': {
      const units = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
      const clean = units?.map((unit) => unit.trim()).filter(Boolean);
      return clean && clean.length <= 50 && clean.every((unit) => unit.length <= 100) ? { unit: [...new Set(clean)] } : null;
    }
    case 'first_name':
    case 'last_name': {
      const name = text(value, 100);
      return name === null ? null : type === 'first_name' ? { firstName: name } : { lastName: name };
    }
    case 'phone': {
      const phone = text(value, 40);
      return phone === null ? null : { phone };
    }
    case 'role':
      return isRole(value) ? roleChanges[value] : null;
    case 'status':
      if (value === 'blocked') return { blockedAt: now };
      if (value === 'active') return { blockedAt: null };
      return null;
    default:
      return null;
  }
}

export async function changeUser(ctx: Pick<ServerContext, 'db' | 'now'>, actor: Principal, command: UserCommand, origin: Origin): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const user = await commandTarget(tx, actor, command);
    const change = changeOf(command, now);
    if (!change) throw commandRefused();
    if (command.type === 'role' && isRole(command.value)) checkMayGiveRole(actor, user, command.value);
    if (change.blockedAt && user.id === actor.userId) throw commandRefused(msg({ message: 'You cannot block yourself.' }), AppErrorCode.Forbidden);
    if (await leavesNoAdministrator(tx, user, change)) throw commandRefused(lastAdministrator, AppErrorCode.Conflict);
    await updateUser(tx, user.id, change);
    // A blocked person's sessions end now, not only at their next request.
    if (change.blockedAt) await endAllSessionsOf(tx, user.id, now);
    await recordEvent(tx, {
      event: 'user-changed',
      companyId: actor.companyId,
      actor,
      target: user.email,
      origin,
      details: { type: command.type, value: command.value },
    });
  });
}
