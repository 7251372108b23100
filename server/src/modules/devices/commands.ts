/**
 * Blocking, unblocking and removing a device. A blocked device cannot sign in, and its
 * sessions stop working at their next request (the principal loader refuses them); unblocking
 * lets them go on. Removing a device ends its sessions and forgets it: it must sign in again,
 * and appears again when it does. Administrators of the company act on the company's
 * devices, anyone else (a personal administrator too) on their own; only a super user acts on
 * a super user's device; nobody blocks or removes the device they are using. A block records
 * who made it and their role: a person lifts a block they made themselves, and a block made
 * by someone else (an administrator, a super user) is lifted only by someone of at least that
 * standing, so blocking a lost tablet holds against whoever has the person's password.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { roleStanding, type Role } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { displayNameOf, type Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { devices, sessions } from '../../db/schema.js';
import { findVisibleDevice } from './repository.js';

export type DeviceAction = 'block' | 'unblock' | 'remove';

const blockedByWhom: Record<Role, string> = {
  basic: 'Its own person blocked this device: only they or an administrator can unblock it.',
  personal: 'Its own person blocked this device: only they or an administrator can unblock it.',
  admin: 'An administrator blocked this device: only an administrator can unblock it.',
  super: 'A super user blocked this device: only a super user can unblock it.',
};

/**
 * Why a person may not lift a device's block, or null when they may: whoever blocked it lifts
 * their own block; anyone else needs a role of at least the blocker's standing. A block made
 * before who blocked was kept counts as an administrator's.
 */
function unblockRefusal(principal: Principal, device: Pick<typeof devices.$inferSelect, 'blockedBy' | 'blockedByRole'>): string | null {
  if (device.blockedBy !== null && device.blockedBy === principal.userId) return null;
  const blocker = device.blockedByRole ?? 'admin';
  return roleStanding[principal.role] >= roleStanding[blocker] ? null : blockedByWhom[blocker];
}

export type DeviceOutcome = { kind: 'done' } | { kind: 'unknown' } | { kind: 'refused'; message: string };

export async function actOnDevice(ctx: ServerContext, principal: Principal, id: number, action: DeviceAction, origin: Origin): Promise<DeviceOutcome> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx): Promise<DeviceOutcome> => {
    const found = await findVisibleDevice(tx, principal, id);
    if (!found) return { kind: 'unknown' };
    const { device } = found;
    if (found.user.isSuper && principal.role !== 'super') return { kind: 'refused', message: "Only a super user can block, unblock or remove a super user's device." };
    if (action !== 'unblock' && device.id === principal.deviceId) {
      return { kind: 'refused', message: action === 'block' ? 'You cannot block the device you are using.' : 'You cannot remove the device you are using. Sign out instead.' };
    }
    const target = `${device.name} (${displayNameOf(found.user)})`;
    switch (action) {
      case 'block':
        if (!device.blockedAt) await tx.update(devices).set({ blockedAt: now, blockedBy: principal.userId, blockedByRole: principal.role }).where(eq(devices.id, device.id));
        await recordEvent(tx, { event: 'device-blocked', companyId: principal.companyId, actor: principal, target, origin, details: { device: device.id } });
        break;
      case 'unblock': {
        const refusal = device.blockedAt ? unblockRefusal(principal, device) : null;
        if (refusal) return { kind: 'refused', message: refusal };
        if (device.blockedAt) await tx.update(devices).set({ blockedAt: null, blockedBy: null, blockedByRole: null }).where(eq(devices.id, device.id));
        await recordEvent(tx, { event: 'device-unblocked', companyId: principal.companyId, actor: principal, target, origin, details: { device: device.id } });
        break;
      }
      case 'remove':
        await tx
          .update(sessions)
          .set({ endedAt: now })
          .where(and(eq(sessions.deviceId, device.id), isNull(sessions.endedAt)));
        await tx.delete(devices).where(eq(devices.id, device.id));
        await recordEvent(tx, { event: 'device-removed', companyId: principal.companyId, actor: principal, target, origin, details: { device: device.id } });
        break;
    }
    return { kind: 'done' };
  });
}
