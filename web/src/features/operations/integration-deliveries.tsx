/**
 * An integration's last deliveries (`listIntegrationDeliveries`), newest first, paged in the
 * URL: when, which form, delivered or failed, and what happened. A failed one can be sent
 * again (`sendDeliveryAgain`): the server queues the form's delivery and answers at once, so
 * the form's row says "Sending again…" while the page looks for the new attempt (the first
 * page of deliveries, every 2 seconds, for up to a minute); once it appears, the list shows it
 * and a notification says its outcome.
 */
import type { Delivery, DeliveryPage, DeliveryQueued } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { integrationsApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { DataTable, type ListColumn } from '../../lists/data-table.tsx';
import { formatDateTime } from '../../lists/format.ts';
import { tableState, useDataGroup } from '../../lists/use-data-group.ts';
import { useListQuery } from '../../lists/use-list-query.ts';
import { useNotify, type Notification } from '../../shell/notifications.tsx';
import { sendAgainPolling, type SendAgainPolling, type SettledForm } from './send-again-polling.ts';

const integrationsCalls = area(integrationsApi);

const emptyPage: DeliveryPage = { page: 1, limit: 25, total: 0, total_exact: true, data: [] };

interface SendAgain {
  send(row: Delivery): void;
  /** The delivery whose "Send again" is on its way. */
  busy: number | null;
  /** The forms queued to be sent again, whose new attempt is not listed yet. */
  waiting: readonly DeliveryQueued[];
}

const SendAgainContext = createContext<SendAgain | null>(null);

function SendAgainButton({ row }: { row: Delivery }) {
  const actions = useContext(SendAgainContext);
  if (!actions || row.status !== 'failed') return null;
  if (actions.waiting.some((queued) => queued.form_id === row.form_id && row.id <= queued.delivery))
    return (
      <span className="badge badge--info">
        <Trans>Sending again…</Trans>
      </span>
    );
  return (
    <button type="button" className="button button--secondary button--small" disabled={actions.busy !== null} onClick={() => actions.send(row)}>
      {actions.busy === row.id ? <Trans>Sending…</Trans> : <Trans>Send again</Trans>}
      <span className="visually-hidden"> {row.reference}</span>
    </button>
  );
}

const columns: ListColumn<Delivery>[] = [
  { id: 'at', accessorKey: 'at', header: () => <Trans>When</Trans>, cell: (info) => formatDateTime(info.getValue<string>()) },
  { id: 'reference', accessorKey: 'reference', header: () => <Trans>Form</Trans> },
  {
    id: 'status',
    accessorKey: 'status',
    header: () => <Trans>Status</Trans>,
    cell: (info) =>
      info.getValue<string>() === 'delivered' ? (
        <span className="badge badge--success">
          <Trans>Delivered</Trans>
        </span>
      ) : (
        <span className="badge badge--danger">
          <Trans>Failed</Trans>
        </span>
      ),
  },
  { id: 'detail', accessorKey: 'detail', header: () => <Trans>What happened</Trans> },
  { id: 'actions', header: () => <Trans>Actions</Trans>, cell: ({ row }) => <SendAgainButton row={row.original} /> },
];

export function IntegrationDeliveries({ sid, title }: { sid: number; title: string }) {
  const query = useListQuery();
  const notify = useNotify();
  const { t } = useLingui();
  /** What the person is told of a form sent again: its new attempt's outcome, or that none is made yet. */
  const outcomeOf = ({ queued, attempt }: SettledForm): Notification => {
    if (!attempt) {
      const reference = queued.reference;
      return {
        type: 'info',
        title: t`${reference} is not sent yet`,
        description: t`It is still queued: its attempt is listed here once it is made.`,
      };
    }
    const reference = attempt.reference;
    return attempt.status === 'delivered'
      ? { type: 'success', title: t`${reference} delivered`, description: attempt.detail }
      : { type: 'error', title: t`${reference} was not delivered`, description: attempt.detail };
  };
  const list = useDataGroup('integrationDeliveries', emptyPage, (params, options) => integrationsCalls.deliveries(params, options), {
    sid,
    page: query.page,
    limit: query.limit,
  });
  const [waiting, setWaiting] = useState<DeliveryQueued[]>([]);
  const again = useMutation((row: Delivery, options) => integrationsCalls.sendAgain(sid, row.id, options), {
    onSuccess: (queued) => setWaiting((before) => [...before.filter((other) => other.form_id !== queued.form_id), queued]),
    onFailure: (message) => notify({ type: 'error', title: t`Could not send it again`, description: message }),
  });
  const [sending, setSending] = useState<number | null>(null);
  const send = (row: Delivery): void => {
    setSending(row.id);
    void again.run(row).then(() => setSending(null));
  };

  // While forms wait, the first page of deliveries is read every 2 seconds, for up to a minute each.
  const latest = useRef({ notify, refetch: list.refetch, outcomeOf });
  useEffect(() => {
    latest.current = { notify, refetch: list.refetch, outcomeOf };
  });
  const polling = useRef<SendAgainPolling | null>(null);
  useEffect(() => {
    const poller = sendAgainPolling({
      read: (signal) => integrationsCalls.deliveries({ sid, page: 1, limit: 25 }, { signal }).then((page) => page.data),
      settled: (settled) => {
        setWaiting((before) => before.filter((queued) => !settled.some((done) => done.queued === queued)));
        for (const form of settled) latest.current.notify(latest.current.outcomeOf(form));
        latest.current.refetch();
      },
    });
    polling.current = poller;
    return () => {
      poller.stop();
      polling.current = null;
    };
  }, [sid]);
  useEffect(() => {
    for (const queued of waiting) polling.current?.watch(queued);
  }, [waiting]);

  return (
    <SendAgainContext.Provider value={{ send, busy: sending, waiting }}>
      <DataTable
        caption={t`Last deliveries of ${title}`}
        columns={columns}
        rows={list.data.data}
        total={list.data.total}
        totalExact={list.data.total_exact}
        {...tableState(list)}
        empty={t`Nothing delivered through this integration yet.`}
        query={query}
        getRowId={(row) => String(row.id)}
      />
    </SendAgainContext.Provider>
  );
}
