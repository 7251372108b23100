/**
 * An integration's last deliveries (`listIntegrationDeliveries`), newest first, paged in the
 * URL: when, which form, delivered or failed, and what happened. A failed one can be sent
 * again (`sendDeliveryAgain`): the server delivers it now and the row that answers is the new
 * attempt, whatever its outcome.
 */
import type { Delivery, DeliveryPage } from '@formsign/sdk';
import { createContext, useContext, useState } from 'react';
import { api } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { DataTable, type ListColumn } from '../../lists/data-table.tsx';
import { formatDateTime } from '../../lists/format.ts';
import { tableState, useDataGroup } from '../../lists/use-data-group.ts';
import { useListQuery } from '../../lists/use-list-query.ts';
import { useNotify } from '../../shell/notifications.tsx';

const emptyPage: DeliveryPage = { page: 1, limit: 25, total: 0, total_exact: true, data: [] };

interface SendAgain {
  send(row: Delivery): void;
  busy: number | null;
}

const SendAgainContext = createContext<SendAgain | null>(null);

function SendAgainButton({ row }: { row: Delivery }) {
  const actions = useContext(SendAgainContext);
  if (!actions || row.status !== 'failed') return null;
  return (
    <button type="button" className="button button--secondary button--small" disabled={actions.busy !== null} onClick={() => actions.send(row)}>
      {actions.busy === row.id ? 'Sending…' : 'Send again'}
      <span className="visually-hidden"> {row.reference}</span>
    </button>
  );
}

const columns: ListColumn<Delivery>[] = [
  { id: 'at', accessorKey: 'at', header: 'When', cell: (info) => formatDateTime(info.getValue<string>()) },
  { id: 'reference', accessorKey: 'reference', header: 'Form' },
  {
    id: 'status',
    accessorKey: 'status',
    header: 'Status',
    cell: (info) =>
      info.getValue<string>() === 'delivered' ? (
        <span className="badge badge--success">Delivered</span>
      ) : (
        <span className="badge badge--danger">Failed</span>
      ),
  },
  { id: 'detail', accessorKey: 'detail', header: 'What happened' },
  { id: 'actions', header: 'Actions', cell: ({ row }) => <SendAgainButton row={row.original} /> },
];

export function IntegrationDeliveries({ sid, title }: { sid: number; title: string }) {
  const query = useListQuery();
  const notify = useNotify();
  const list = useDataGroup('integrationDeliveries', emptyPage, (params, options) => api.integrations.deliveries(params, options), {
    sid,
    page: query.page,
    limit: query.limit,
  });
  const again = useMutation((row: Delivery, options) => api.integrations.sendAgain(sid, row.id, options), {
    onSuccess: (attempt) => {
      notify(
        attempt.status === 'delivered'
          ? { type: 'success', title: `${attempt.reference} delivered`, description: attempt.detail }
          : { type: 'error', title: `${attempt.reference} was not delivered`, description: attempt.detail },
      );
      list.refetch();
    },
    onFailure: (message) => notify({ type: 'error', title: 'Could not send it again', description: message }),
  });
  const [sending, setSending] = useState<number | null>(null);
  const send = (row: Delivery): void => {
    setSending(row.id);
    void again.run(row).then(() => setSending(null));
  };
  return (
    <SendAgainContext.Provider value={{ send, busy: sending }}>
      <DataTable
        caption={`Last deliveries of ${title}`}
        columns={columns}
        rows={list.data.data}
        total={list.data.total}
        totalExact={list.data.total_exact}
        {...tableState(list)}
        empty="Nothing delivered through this integration yet."
        query={query}
        getRowId={(row) => String(row.id)}
      />
    </SendAgainContext.Provider>
  );
}
