/**
 * Blocking and unblocking a device. A blocked device cannot sign in, and its sessions stop
 * working at their next request (the principal loader refuses them); unblocking lets them go
 * on. Who may: `device-rules.ts`.
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { blockDevice as recordBlock, unblockDevice as liftBlock } from './repository.js';
import { checkMayUnblock, deviceRefused, deviceTarget, recordedName } from './device-rules.js';
import { msg } from '#words';

export async function blockDevice(ctx: Pick<ServerContext, 'db' | 'now'>, principal: Principal, id: number, origin: Origin): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const found = await deviceTarget(tx, principal, id);
    const { device } = found;
    if (device.id === principal.deviceId) throw deviceRefused(msg({ message: 'You cannot block the device you are using.' }));
    if (!device.blockedAt) await recordBlock(tx, device.id, { userId: principal.userId, role: principal.role, at: now });
    await recordEvent(tx, {
      event: 'device-blocked',
      companyId: principal.companyId,
      actor: principal,
      target: recordedName(found),
      origin,
      details: { device: device.id },
    });
  });
}

export async function unblockDevice(ctx: Pick<ServerContext, 'db'>, principal: Principal, id: number, origin: Origin): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const found = await deviceTarget(tx, principal, id);
    const { device } = found;
    if (device.blockedAt) {
      checkMayUnblock(principal, device);
      await liftBlock(tx, device.id);
    }
    await recordEvent(tx, {
      event: 'device-unblocked',
      companyId: principal.companyId,
      actor: principal,
      target: recordedName(found),
      origin,
      details: { device: device.id },
    });
  });
}
