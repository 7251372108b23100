/**
 * Connected Devices (`/devices`, `GET /users-devices`): the tablets, phones and browsers signed
 * in to the company's account, with a search (`keys`, kept in the URL). The endpoint answers
 * every matching device at once, unsorted, so the list has no pager and no sorting.
 *
 * Designed where the specification is silent: each row shows the device's name and model, its
 * platform, who uses it, the app's version, when it was last seen and whether it is active or
 * blocked. A device can be blocked (it can no longer open the account), unblocked, or removed
 * (it must sign in again; asked first). Failures are told in the catalogue's words.
 */
import type { Device, DevicePage } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { devicesApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useMutation } from '../api/use-mutation.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { DeviceActions, DeviceListActions, type DeviceAction } from '../features/lists/devices/device-actions.tsx';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { ListSummary } from '../lists/list-summary.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { formatDateTime } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useListQuery } from '../lists/use-list-query.ts';
import { useNotify } from '../shell/notifications.tsx';
import '../styles/lists.css';

const devicesCalls = area(devicesApi);

const emptyPage: DevicePage = { code: 1, message: '', page: 1, limit: 0, total: 0, total_exact: true, data: [] };

const columns: ListColumn<Device>[] = [
  {
    id: 'name',
    header: () => <Trans>Device</Trans>,
    cell: ({ row }) => (
      <>
        <span className="cell-main">{row.original.name}</span>
        <span className="cell-sub">{row.original.model}</span>
      </>
    ),
  },
  { id: 'platform', accessorKey: 'platform', header: () => <Trans>Platform</Trans> },
  { id: 'user', accessorKey: 'user', header: () => <Trans>Used by</Trans> },
  {
    id: 'app_version',
    accessorKey: 'app_version',
    header: () => <Trans>App version</Trans>,
    cell: (info) => <span className="cell-mono">{info.getValue<string>()}</span>,
  },
  {
    id: 'last_seen',
    accessorKey: 'last_seen',
    header: () => <Trans>Last seen</Trans>,
    cell: (info) => <span className="cell-nowrap">{formatDateTime(info.getValue<string>())}</span>,
  },
  {
    id: 'status',
    accessorKey: 'status',
    header: () => <Trans>Status</Trans>,
    cell: ({ row }) =>
      row.original.status === 'blocked' ? (
        <span className="badge badge--danger">
          <Trans>Blocked</Trans>
        </span>
      ) : (
        <span className="badge badge--success">
          <Trans>Active</Trans>
        </span>
      ),
  },
  { id: 'actions', header: () => <Trans>Actions</Trans>, cell: ({ row }) => <DeviceActions device={row.original} /> },
];

export default function DevicesPage() {
  const query = useListQuery();
  const notify = useNotify();
  const { t } = useLingui();
  /** What the person is told once an action on the device `name` is done, or has failed. */
  const outcome = (action: DeviceAction, name: string): { title: string; failed: string; text: string } => {
    switch (action) {
      case 'block':
        return { title: t`Device blocked`, failed: t`Could not block ${name}`, text: t`${name} can no longer open formsign until you unblock it.` };
      case 'unblock':
        return { title: t`Device unblocked`, failed: t`Could not unblock ${name}`, text: t`${name} can open formsign again.` };
      case 'remove':
        return { title: t`Device removed`, failed: t`Could not remove ${name}`, text: t`${name} must sign in again to use formsign.` };
    }
  };
  const keys = query.filters.search ?? '';
  const devices = useDataGroup('devices', emptyPage, (params, options) => devicesCalls.manage(params, options), keys ? { keys } : {});
  const [removing, setRemoving] = useState<Device | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { name: deviceName, model, user } = removing ?? { name: '', model: '', user: '' };

  const command = useMutation(
    ({ device, action }: { device: Device; action: DeviceAction }, options) =>
      devicesCalls.manage({ id: device.id, action, ...(keys ? { keys } : {}) }, options),
    {
      onSuccess: (list, { device, action }) => {
        // The answer is the list as it is afterwards.
        devices.set(list);
        const { title, text } = outcome(action, device.name);
        notify({ type: 'success', title, description: text });
      },
      onFailure: (message, { device, action }) => notify({ type: 'error', title: outcome(action, device.name).failed, description: message }),
    },
  );
  const [acting, setActing] = useState<number | null>(null);

  const actions = {
    busy: command.busy ? acting : null,
    act: (device: Device, action: DeviceAction) => {
      setActing(device.id);
      void command.run({ device, action });
    },
    askRemove: (device: Device) => {
      setRemoving(device);
      setConfirmOpen(true);
    },
  };
  const rows = devices.data.data;
  const blocked = rows.filter((device) => device.status === 'blocked').length;
  const shown = rows.length;
  const count = t`${plural(shown, { one: '# device', other: '# devices' })}`;
  const blockedCount = t`${plural(blocked, { one: '# blocked', other: '# blocked' })}`;

  return (
    <div className="page">
      <FilterBar query={query} dates={false} searchLabel={t`Search devices and people`} />
      <ListSummary loading={devices.loading}>
        {devices.error || rows.length === 0 ? null : blocked > 0 ? `${count} · ${blockedCount}` : count}
      </ListSummary>
      <DeviceListActions.Provider value={actions}>
        <DataTable
          caption={t`Connected devices`}
          columns={columns}
          rows={rows}
          total={devices.data.total}
          {...tableState(devices)}
          empty={keys ? t`No devices match this search.` : t`No devices are connected yet. Devices appear here once someone signs in on them.`}
          getRowId={(row) => String(row.id)}
        />
      </DeviceListActions.Provider>
      <ConfirmDialog
        open={confirmOpen}
        title={t`Remove this device?`}
        confirmLabel={t`Remove device`}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => {
          setConfirmOpen(false);
          if (removing) actions.act(removing, 'remove');
        }}
      >
        {removing ? (
          <p>
            <Trans>
              <strong>{deviceName}</strong> ({model}, used by {user}) will be signed out and must sign in again to use formsign.
            </Trans>
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
