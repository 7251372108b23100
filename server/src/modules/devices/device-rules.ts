/**
 * Who acts on which device. Administrators of the company act on the company's devices,
 * anyone else (a personal administrator too) on their own; only a super user acts on a super
 * user's device; nobody blocks or removes the device they are using. A block records who
 * made it and their role: a person lifts a block they made themselves, and a block made by
 * someone else (an administrator, a super user) is lifted only by someone of at least that
 * standing, so blocking a lost tablet holds against whoever has the person's password.
 */
import { appCodes, roleStanding, type Role } from '@formsign/sdk/contract';
import { displayNameOf, type Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { notFound } from '../../http/errors.js';
import { findVisibleDevice, type DeviceRecord } from './repository.js';
import { msg, type Text, type Words } from '#words';

const blockedBySelf = msg({ message: 'Its own person blocked this device: only they or an administrator can unblock it.' });
const blockedByWhom: Record<Role, Words> = {
  basic: blockedBySelf,
  personal: blockedBySelf,
  admin: msg({ message: 'An administrator blocked this device: only an administrator can unblock it.' }),
  super: msg({ message: 'A super user blocked this device: only a super user can unblock it.' }),
};

/** An action on a device refused (-1): the answer still lists the devices. */
export function deviceRefused(message: Text = appCodes.manageDevices['-1'].text, code: AppErrorCode = AppErrorCode.Forbidden): AppError {
  return new AppError(code, message, { appCode: '-1' });
}

/** The device an action is on, locked for the change, when the person may act on it. */
export async function deviceTarget(db: Database, principal: Principal, id: number): Promise<DeviceRecord> {
  const found = await findVisibleDevice(db, principal, id);
  if (!found) throw notFound();
  if (found.user.isSuper && principal.role !== 'super')
    throw deviceRefused(msg({ message: "Only a super user can block, unblock or remove a super user's device." }));
  return found;
}

/**
 * Refuses lifting a device's block unless whoever blocked it lifts their own block, or has a
 * role of at least the blocker's standing. A block made before who blocked was kept counts as
 * an administrator's.
 */
export function checkMayUnblock(principal: Principal, device: DeviceRecord['device']): void {
  if (device.blockedBy !== null && device.blockedBy === principal.userId) return;
  const blocker = device.blockedByRole ?? 'admin';
  if (roleStanding[principal.role] < roleStanding[blocker]) throw deviceRefused(blockedByWhom[blocker]);
}

/** The device as the action records name it: its name and its person's. */
export function recordedName({ device, user }: DeviceRecord): string {
  return `${device.name} (${displayNameOf(user)})`;
}
