/**
 * A subscription's delivery log (`listWebhookDeliveries`), newest first, paged in the URL: the
 * event, its form, its status, the attempts, the last answer's code and first bytes. An event
 * not waiting can be sent again (`sendWebhookAgain`): the server queues it and answers at once,
 * and the log is read again.
 */
import type { WebhookDelivery, WebhookDeliveryPage } from '@formsign/sdk';
import { createContext, useContext } from 'react';
import { integrationsApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { DataTable, type ListColumn } from '../../lists/data-table.tsx';
import { formatDateTime } from '../../lists/format.ts';
import { tableState, useDataGroup } from '../../lists/use-data-group.ts';
import { useListQuery } from '../../lists/use-list-query.ts';
import { useNotify } from '../../shell/notifications.tsx';

const integrationsCalls = area(integrationsApi);

const emptyPage: WebhookDeliveryPage = { page: 1, limit: 25, total: 0, total_exact: true, data: [] };

const SendAgain = createContext<{ send(row: WebhookDelivery): void; busy: boolean } | null>(null);

function SendAgainButton({ row }: { row: WebhookDelivery }) {
  const actions = useContext(SendAgain);
  if (!actions || row.status === 'pending') return null;
  return (
    <button type="button" className="button button--secondary button--small" disabled={actions.busy} onClick={() => actions.send(row)}>
      Send again
      <span className="visually-hidden">
        {' '}
        {row.event} of {row.reference ?? 'this event'}
      </span>
    </button>
  );
}

const statusBadge = { delivered: 'badge--success', pending: 'badge--info', failed: 'badge--danger' } as const;
const statusWords = { delivered: 'Delivered', pending: 'Waiting', failed: 'Given up' } as const;

const columns: ListColumn<WebhookDelivery>[] = [
  { id: 'at', accessorKey: 'at', header: 'When', cell: (info) => formatDateTime(info.getValue<string>()) },
  { id: 'event', accessorKey: 'event', header: 'Event', cell: (info) => <span className="ops-code">{info.getValue<string>()}</span> },
  { id: 'reference', accessorKey: 'reference', header: 'Form or template' },
  {
    id: 'status',
    accessorKey: 'status',
    header: 'Status',
    cell: (info) => {
      const status = info.getValue<WebhookDelivery['status']>();
      return <span className={`badge ${statusBadge[status]}`}>{statusWords[status]}</span>;
    },
  },
  { id: 'attempts', accessorKey: 'attempts', header: 'Attempts' },
  { id: 'response_code', accessorKey: 'response_code', header: 'Answer', cell: (info) => info.getValue<number | null>() ?? '—' },
  {
    id: 'response_excerpt',
    accessorKey: 'response_excerpt',
    header: 'First bytes of the answer',
    cell: (info) => <span className="ops-code">{info.getValue<string>()}</span>,
  },
  { id: 'detail', accessorKey: 'detail', header: 'What happened' },
  { id: 'actions', header: 'Actions', cell: ({ row }) => <SendAgainButton row={row.original} /> },
];

export function WebhookDeliveries({ subscription, url }: { subscription: number; url: string }) {
  const query = useListQuery();
  const notify = useNotify();
  const log = useDataGroup('webhookDeliveries', emptyPage, (params, options) => integrationsCalls.webhookDeliveries(params, options), {
    subscription,
    page: query.page,
    limit: query.limit,
  });
  const again = useMutation((row: WebhookDelivery, options) => integrationsCalls.sendWebhookAgain(subscription, row.id, options), {
    onSuccess: (answer) => {
      notify({ type: 'info', title: 'Queued to be sent again', description: answer.message });
      log.refetch();
    },
    onFailure: (message) => notify({ type: 'error', title: 'Could not send it again', description: message }),
  });
  return (
    <SendAgain.Provider value={{ send: (row) => void again.run(row), busy: again.busy }}>
      <DataTable
        caption={`Delivery log of ${url}`}
        columns={columns}
        rows={log.data.data}
        total={log.data.total}
        totalExact={log.data.total_exact}
        {...tableState(log)}
        empty="No event has been sent to this address yet."
        query={query}
        getRowId={(row) => String(row.id)}
      />
      <button type="button" className="button button--ghost button--small ops-spaced" onClick={log.refetch}>
        Refresh the log
      </button>
    </SendAgain.Provider>
  );
}
