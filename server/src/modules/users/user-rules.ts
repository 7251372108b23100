/**
 * The rules an administrator's commands on one user of their company keep: the user must be
 * of the company (and, when the command names an address, have it); only a super user changes
 * a super user (their two-factor sign-in, class and role, status, or account); a company
 * always keeps an administrator who is not blocked.
 */
import type { UserCommand } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { notFound } from '../../http/errors.js';
import { activeAdministrators, findCompanyUser, type UserChange, type UserRecord } from './repository.js';
import { msg, type Text } from '#words';

export const lastAdministrator = msg({ message: 'A company needs at least one administrator who can log in.' });
const onlySuperUsers = msg({ message: 'Only a super user can change a super user.' });

/** The role a class gives: the Administrator class administers the company. */
export function roleOfClass(userClass: string): 'admin' | 'basic' {
  return userClass.trim().toLowerCase() === 'administrator' ? 'admin' : 'basic';
}

/** A command refused (-1), with why when the person can do something about it. */
export function commandRefused(reason?: Text, code: AppErrorCode = AppErrorCode.InvalidInput): AppError {
  return new AppError(code, reason ?? appCodes.runUserCommand['-1'].text, { appCode: '-1' });
}

/** The user a command acts on, when the actor may act on them. */
export async function commandTarget(db: Database, actor: Principal, command: UserCommand): Promise<UserRecord> {
  const user = await findCompanyUser(db, actor.companyId, command.id);
  if (!user) throw notFound();
  if (command.email && command.email.trim().toLowerCase() !== user.email.toLowerCase()) throw commandRefused(undefined, AppErrorCode.Conflict);
  if (user.isSuper && actor.role !== 'super') throw commandRefused(onlySuperUsers, AppErrorCode.Forbidden);
  return user;
}

/** Whether a change would leave the company without an administrator who can log in. */
export async function leavesNoAdministrator(db: Database, user: UserRecord, change: UserChange): Promise<boolean> {
  // A personal administrator administers only their own paperwork: not the company's users.
  const wasActiveAdmin = user.role === 'admin' && !user.personal && !user.blockedAt;
  const staysActiveAdmin =
    (change.role ?? user.role) === 'admin' &&
    !(change.personal ?? user.personal) &&
    !(change.blockedAt !== undefined ? change.blockedAt : user.blockedAt);
  return wasActiveAdmin && !staysActiveAdmin && (await activeAdministrators(db, user.companyId)) <= 1;
}
