/**
 * Removing a device: its sessions end and it is forgotten; it must sign in again, and appears
 * again when it does. Nobody removes the device they are using.
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { endSessionsOfDevice } from '../../auth/session-repository.js';
import type { ServerContext } from '../../context.js';
import { deleteDevice } from './repository.js';
import { deviceRefused, deviceTarget, recordedName } from './device-rules.js';
import { msg } from '#words';

export async function removeDevice(ctx: Pick<ServerContext, 'db' | 'now'>, principal: Principal, id: number, origin: Origin): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const found = await deviceTarget(tx, principal, id);
    const { device } = found;
    if (device.id === principal.deviceId) throw deviceRefused(msg({ message: 'You cannot remove the device you are using. Sign out instead.' }));
    await endSessionsOfDevice(tx, device.id, now);
    await deleteDevice(tx, device.id);
    await recordEvent(tx, {
      event: 'device-removed',
      companyId: principal.companyId,
      actor: principal,
      target: recordedName(found),
      origin,
      details: { device: device.id },
    });
  });
}
