/**
 * Block or unblock a device, or remove it. The page says what each does, and which device is
 * being acted on, through `DeviceListActions`.
 */
import type { Device } from '@formsign/sdk';
import { useLingui } from '@lingui/react/macro';
import { createContext, useContext } from 'react';

export type DeviceAction = 'block' | 'unblock' | 'remove';

export interface DeviceListActionsValue {
  /** The device an action is being sent for, if any: the list waits until it is done. */
  busy: number | null;
  act(device: Device, action: DeviceAction): void;
  askRemove(device: Device): void;
}

export const DeviceListActions = createContext<DeviceListActionsValue | null>(null);

export function DeviceActions({ device }: { device: Device }) {
  const actions = useContext(DeviceListActions);
  const { t } = useLingui();
  if (!actions) throw new Error('DeviceActions needs <DeviceListActions.Provider> above it.');
  const toggle: DeviceAction = device.status === 'blocked' ? 'unblock' : 'block';
  const working = actions.busy !== null;
  return (
    <div className="cell-actions">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-disabled={working}
        onClick={() => !working && actions.act(device, toggle)}
      >
        {toggle === 'block' ? t`Block` : t`Unblock`}
        <span className="visually-hidden"> {device.name}</span>
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-disabled={working}
        onClick={() => !working && actions.askRemove(device)}
      >
        {t`Remove`}
        <span className="visually-hidden"> {device.name}</span>
      </button>
    </div>
  );
}
