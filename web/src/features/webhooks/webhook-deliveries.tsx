/**
 * A subscription's delivery log (`listWebhookDeliveries`), newest first, paged in the URL: the
 * event, its form, its status, the attempts, the last answer's code and first bytes. An event
 * not waiting can be sent again (`sendWebhookAgain`): the server queues it and answers at once,
 * and the log is read again.
 */
import type { WebhookDelivery, WebhookDeliveryPage } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  if (!actions || row.status === 'pending') return null;
  const event = row.event;
  const reference = row.reference ?? t`this event`;
  return (
    <button type="button" className="button button--secondary button--small" disabled={actions.busy} onClick={() => actions.send(row)}>
      <Trans>Send again</Trans>
      <span className="visually-hidden">
        {' '}
        <Trans>
          {event} of {reference}
        </Trans>
      </span>
    </button>
  );
}

const statusBadge = { delivered: 'badge--success', pending: 'badge--info', failed: 'badge--danger' } as const;
const statusWords: Record<WebhookDelivery['status'], MessageDescriptor> = { delivered: msg`Delivered`, pending: msg`Waiting`, failed: msg`Given up` };

function DeliveryStatus({ status }: { status: WebhookDelivery['status'] }) {
  const { i18n } = useLingui();
  return <span className={`badge ${statusBadge[status]}`}>{i18n._(statusWords[status])}</span>;
}

const columns: ListColumn<WebhookDelivery>[] = [
  { id: 'at', accessorKey: 'at', header: () => <Trans>When</Trans>, cell: (info) => formatDateTime(info.getValue<string>()) },
  {
    id: 'event',
    accessorKey: 'event',
    header: () => <Trans>Event</Trans>,
    cell: (info) => <span className="ops-code">{info.getValue<string>()}</span>,
  },
  { id: 'reference', accessorKey: 'reference', header: () => <Trans>Form or template</Trans> },
  {
    id: 'status',
    accessorKey: 'status',
    header: () => <Trans>Status</Trans>,
    cell: (info) => <DeliveryStatus status={info.getValue<WebhookDelivery['status']>()} />,
  },
  { id: 'attempts', accessorKey: 'attempts', header: () => <Trans>Attempts</Trans> },
  { id: 'response_code', accessorKey: 'response_code', header: () => <Trans>Answer</Trans>, cell: (info) => info.getValue<number | null>() ?? '—' },
  {
    id: 'response_excerpt',
    accessorKey: 'response_excerpt',
    header: () => <Trans>First bytes of the answer</Trans>,
    cell: (info) => <span className="ops-code">{info.getValue<string>()}</span>,
  },
  { id: 'detail', accessorKey: 'detail', header: () => <Trans>What happened</Trans> },
  { id: 'actions', header: () => <Trans>Actions</Trans>, cell: ({ row }) => <SendAgainButton row={row.original} /> },
];

export function WebhookDeliveries({ subscription, url }: { subscription: number; url: string }) {
  const query = useListQuery();
  const notify = useNotify();
  const { t } = useLingui();
  const log = useDataGroup('webhookDeliveries', emptyPage, (params, options) => integrationsCalls.webhookDeliveries(params, options), {
    subscription,
    page: query.page,
    limit: query.limit,
  });
  const again = useMutation((row: WebhookDelivery, options) => integrationsCalls.sendWebhookAgain(subscription, row.id, options), {
    onSuccess: (answer) => {
      notify({ type: 'info', title: t`Queued to be sent again`, description: answer.message });
      log.refetch();
    },
    onFailure: (message) => notify({ type: 'error', title: t`Could not send it again`, description: message }),
  });
  return (
    <SendAgain.Provider value={{ send: (row) => void again.run(row), busy: again.busy }}>
      <DataTable
        caption={t`Delivery log of ${url}`}
        columns={columns}
        rows={log.data.data}
        total={log.data.total}
        totalExact={log.data.total_exact}
        {...tableState(log)}
        empty={t`No event has been sent to this address yet.`}
        query={query}
        getRowId={(row) => String(row.id)}
      />
      <button type="button" className="button button--ghost button--small ops-spaced" onClick={log.refetch}>
        <Trans>Refresh the log</Trans>
      </button>
    </SendAgain.Provider>
  );
}
