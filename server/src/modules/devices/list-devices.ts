/** The devices a person may see (an administrator of the company the company's, anyone else their own), searched by words. */
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { listDevices, type DeviceRecord } from './repository.js';

export async function listVisibleDevices(ctx: Pick<ServerContext, 'db'>, principal: Principal, keys: string | undefined): Promise<DeviceRecord[]> {
  return listDevices(ctx.db, principal, keys);
}
