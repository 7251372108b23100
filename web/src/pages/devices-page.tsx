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

const outcomes: Record<DeviceAction, { title: string; failed: string; text: (device: Device) => string }> = {
  block: { title: 'Device blocked', failed: 'Could not block', text: (device) => `${device.name} can no longer open formsign until you unblock it.` },
  unblock: { title: 'Device unblocked', failed: 'Could not unblock', text: (device) => `${device.name} can open formsign again.` },
  remove: { title: 'Device removed', failed: 'Could not remove', text: (device) => `${device.name} must sign in again to use formsign.` },
};

const columns: ListColumn<Device>[] = [
  {
    id: 'name',
    header: 'Device',
    cell: ({ row }) => (
      <>
        <span className="cell-main">{row.original.name}</span>
        <span className="cell-sub">{row.original.model}</span>
      </>
    ),
  },
  { id: 'platform', accessorKey: 'platform', header: 'Platform' },
  { id: 'user', accessorKey: 'user', header: 'Used by' },
  {
    id: 'app_version',
    accessorKey: 'app_version',
    header: 'App version',
    cell: (info) => <span className="cell-mono">{info.getValue<string>()}</span>,
  },
  {
    id: 'last_seen',
    accessorKey: 'last_seen',
    header: 'Last seen',
    cell: (info) => <span className="cell-nowrap">{formatDateTime(info.getValue<string>())}</span>,
  },
  {
    id: 'status',
    accessorKey: 'status',
    header: 'Status',
    cell: ({ row }) =>
      row.original.status === 'blocked' ? <span className="badge badge--danger">Blocked</span> : <span className="badge badge--success">Active</span>,
  },
  { id: 'actions', header: 'Actions', cell: ({ row }) => <DeviceActions device={row.original} /> },
];

export default function DevicesPage() {
  const query = useListQuery();
  const notify = useNotify();
  const keys = query.filters.search ?? '';
  const devices = useDataGroup('devices', emptyPage, (params, options) => devicesCalls.manage(params, options), keys ? { keys } : {});
  const [removing, setRemoving] = useState<Device | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const command = useMutation(
    ({ device, action }: { device: Device; action: DeviceAction }, options) =>
      devicesCalls.manage({ id: device.id, action, ...(keys ? { keys } : {}) }, options),
    {
      onSuccess: (list, { device, action }) => {
        // The answer is the list as it is afterwards.
        devices.set(list);
        notify({ type: 'success', title: outcomes[action].title, description: outcomes[action].text(device) });
      },
      onFailure: (message, { device, action }) => notify({ type: 'error', title: `${outcomes[action].failed} ${device.name}`, description: message }),
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

  return (
    <div className="page">
      <FilterBar query={query} dates={false} searchLabel="Search devices and people" />
      <ListSummary loading={devices.loading}>
        {devices.error || rows.length === 0
          ? null
          : `${rows.length === 1 ? '1 device' : `${rows.length} devices`}${blocked > 0 ? ` · ${blocked} blocked` : ''}`}
      </ListSummary>
      <DeviceListActions.Provider value={actions}>
        <DataTable
          caption="Connected devices"
          columns={columns}
          rows={rows}
          total={devices.data.total}
          {...tableState(devices)}
          empty={keys ? 'No devices match this search.' : 'No devices are connected yet. Devices appear here once someone signs in on them.'}
          getRowId={(row) => String(row.id)}
        />
      </DeviceListActions.Provider>
      <ConfirmDialog
        open={confirmOpen}
        title="Remove this device?"
        confirmLabel="Remove device"
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => {
          setConfirmOpen(false);
          if (removing) actions.act(removing, 'remove');
        }}
      >
        {removing ? (
          <p>
            <strong>{removing.name}</strong> ({removing.model}, used by {removing.user}) will be signed out and must sign in again to use formsign.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
