/**
 * The Connected devices operation (`GET /users-devices`): the devices people signed in from
 * (recorded at sign-in), searched by `keys`, and `block`, `unblock` or `remove` of device `id`.
 * Every answer carries the matching devices as they are after the action, all at once.
 */
import { appCodes, type Device, type DevicePage } from '@formsign/sdk/contract';
import { displayNameOf, type Principal } from '../../auth/principal.js';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { actOnDevice } from './commands.js';
import { listDevices, type DeviceRecord } from './repository.js';

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

async function page(ctx: ServerContext, principal: Principal, keys: string | undefined, code: number, message: string): Promise<DevicePage> {
  const rows = await listDevices(ctx.db, principal, keys);
  return { code, message, page: 1, limit: rows.length, total: rows.length, data: rows.map(deviceView) };
}

export function devicesHandlers(ctx: ServerContext): Pick<Handlers, 'manageDevices'> {
  return {
    async manageDevices(request) {
      const { principal, query } = request;
      const action = query.action ?? 'list';
      if (action === 'list') return page(ctx, principal, query.keys, 1, '');
      if (query.id === undefined) return page(ctx, principal, query.keys, -1, appCodes.manageDevices['-1'].text);
      const outcome = await actOnDevice(ctx, principal, query.id, action, { ip: request.ip, userAgent: request.userAgent });
      switch (outcome.kind) {
        case 'unknown':
          throw notFound();
        case 'refused':
          return page(ctx, principal, query.keys, -1, outcome.message);
        case 'done':
          return page(ctx, principal, query.keys, 1, '');
      }
    },
  };
}
