import { withSuccessCodeOf } from '../api-error.js';
import { manageDevicesCodes } from '../generated/app-codes/devices.js';
import type { CallOptions, Transport } from '../transport.js';
import type { DevicePage, DevicesQuery } from '../types.js';

export interface DevicesApi {
  /** Lists devices (`action` list), or blocks, unblocks or removes device `id`. */
  manage(query?: DevicesQuery, options?: CallOptions): Promise<DevicePage>;
}

export function devicesApi({ api, send }: Transport): DevicesApi {
  return {
    manage: (query = {}, options) =>
      withSuccessCodeOf(
        manageDevicesCodes,
        send((init) => api.GET('/users-devices', { ...init, params: { query } }), options),
        { preferServerMessage: true },
      ),
  };
}
