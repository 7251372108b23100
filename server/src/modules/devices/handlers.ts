/**
 * The Connected devices operation (`GET /users-devices`): the devices people signed in from
 * (recorded at sign-in), searched by `keys`, and `block`, `unblock` or `remove` of device `id`.
 * Every answer carries the matching devices as they are after the action, all at once; a
 * refused action's too (`devicesRefusalBodies`).
 */
import type { Device, DevicePage } from '@formsign/sdk/contract';
import { displayNameOf, type Principal } from '../../auth/principal.js';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { AppErrorCode } from '../../errors/app-error.js';
import type { RefusalBodies } from '../../http/errors.js';
import { blockDevice, unblockDevice } from './block-device.js';
import { deviceRefused } from './device-rules.js';
import { removeDevice } from './remove-device.js';
import { listVisibleDevices } from './list-devices.js';
import type { DeviceRecord } from './repository.js';

function deviceView({ device, user }: DeviceRecord): Device {
  return {
    id: device.id,
    name: device.name,
    platform: device.platform,
    model: device.model,
    app_version: device.appVersion,
    user: displayNameOf(user),
    last_seen: device.lastSeen.toISOString(),
    status: device.blockedAt ? 'blocked' : 'active',
  };
}

async function page(
  ctx: Pick<ServerContext, 'db'>,
  principal: Principal,
  keys: string | undefined,
  code: number,
  message: string,
): Promise<DevicePage> {
  const rows = await listVisibleDevices(ctx, principal, keys);
  return { code, message, page: 1, limit: rows.length, total: rows.length, total_exact: true, data: rows.map(deviceView) };
}

const actions = { block: blockDevice, unblock: unblockDevice, remove: removeDevice } as const;

export function devicesHandlers(ctx: Pick<ServerContext, 'db' | 'now'>): Pick<Handlers, 'manageDevices'> {
  return {
    async manageDevices(request) {
      const { principal, query } = request;
      const action = query.action ?? 'list';
      if (action !== 'list') {
        if (query.id === undefined) throw deviceRefused(undefined, AppErrorCode.InvalidInput);
        await actions[action](ctx, principal, query.id, { ip: request.ip, userAgent: request.userAgent });
      }
      return page(ctx, principal, query.keys, 1, '');
    },
  };
}

/** A refused action answers the devices as they are, with its code and why. */
export function devicesRefusalBodies(ctx: Pick<ServerContext, 'db'>): Pick<RefusalBodies, 'manageDevices'> {
  return {
    manageDevices: (refusal, request) => page(ctx, request.principal, request.query.keys, refusal.code, refusal.message),
  };
}
