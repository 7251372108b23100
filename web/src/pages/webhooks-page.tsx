/**
 * Webhooks (`/webhooks`, administrators): the organisation's subscriptions, each an address its
 * events are posted to, signed with the subscription's secret. Listed with their events and
 * status; a new one is made with the events ticked, and its secret is shown once (as is a
 * rolled one); a subscription is paused, resumed or removed; its delivery log (`?subscription=`)
 * lists each event's last attempt, with "Send again". A failed save keeps what was typed.
 */
import type { WebhookEventType, WebhookSubscription, WebhookSubscriptionList } from '@formsign/sdk';
import { createContext, useContext, useId, useState, type FormEvent } from 'react';
import { integrationsApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useMutation } from '../api/use-mutation.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { FormError } from '../components/form-error.tsx';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { formatDateTime } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useNotify } from '../shell/notifications.tsx';
import { useUrlState } from '../features/operations/use-url-state.ts';
import { WebhookDeliveries } from '../features/webhooks/webhook-deliveries.tsx';
import { webhookEventLabels } from '../features/webhooks/webhook-events.ts';
import '../styles/operations.css';

const integrationsCalls = area(integrationsApi);

const emptyList: WebhookSubscriptionList = { data: [] };

interface RowActions {
  log(item: WebhookSubscription): void;
  pause(item: WebhookSubscription, paused: boolean): void;
  roll(item: WebhookSubscription): void;
  remove(item: WebhookSubscription): void;
  busy: boolean;
}

const SubscriptionActions = createContext<RowActions | null>(null);

function SubscriptionRowActions({ item }: { item: WebhookSubscription }) {
  const actions = useContext(SubscriptionActions);
  if (!actions) throw new Error('SubscriptionRowActions needs <SubscriptionActions.Provider> above it.');
  const which = <span className="visually-hidden"> {item.url}</span>;
  return (
    <div className="form-actions">
      <button type="button" className="button button--secondary button--small" onClick={() => actions.log(item)}>
        Delivery log{which}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={actions.busy}
        onClick={() => actions.pause(item, item.status === 'active')}
      >
        {item.status === 'active' ? 'Pause' : 'Resume'}
        {which}
      </button>
      <button type="button" className="button button--secondary button--small" disabled={actions.busy} onClick={() => actions.roll(item)}>
        Roll secret{which}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={() => actions.remove(item)}>
        Remove{which}
      </button>
    </div>
  );
}

const columns: ListColumn<WebhookSubscription>[] = [
  { id: 'url', accessorKey: 'url', header: 'Address', cell: (info) => <span className="ops-code">{info.getValue<string>()}</span> },
  { id: 'description', accessorKey: 'description', header: 'Description' },
  {
    id: 'events',
    accessorKey: 'events',
    header: 'Events',
    cell: (info) => info.getValue<WebhookEventType[]>().join(', '),
  },
  {
    id: 'status',
    accessorKey: 'status',
    header: 'Status',
    cell: ({ row }) =>
      row.original.status === 'active' ? (
        <span className="badge badge--success">Active</span>
      ) : (
        <span className="badge badge--danger" title={row.original.paused_reason ?? ''}>
          Paused{row.original.paused_reason ? `: ${row.original.paused_reason}` : ''}
        </span>
      ),
  },
  {
    id: 'secret_hint',
    accessorKey: 'secret_hint',
    header: 'Secret ends',
    cell: (info) => <span className="ops-code">{info.getValue<string>()}</span>,
  },
  {
    id: 'created_at',
    accessorKey: 'created_at',
    header: 'Made',
    cell: ({ row }) => `${formatDateTime(row.original.created_at)} by ${row.original.created_by}`,
  },
  { id: 'actions', header: 'Actions', cell: ({ row }) => <SubscriptionRowActions item={row.original} /> },
];

/** A secret just made or rolled: shown this once. */
function SecretOnce({ url, secret, onDone }: { url: string; secret: string; onDone(): void }) {
  const id = useId();
  return (
    <div className="alert alert--success" role="status" aria-labelledby={`${id}-title`}>
      <div className="alert__body">
        <p id={`${id}-title`}>
          <strong>The secret of {url}</strong>: copy it now into the receiving system. It is not shown again (roll it to get a new one).
        </p>
        <p>
          <code className="ops-code" aria-label="Secret">
            {secret}
          </code>
        </p>
        <button type="button" className="button button--secondary button--small" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </div>
  );
}

function NewSubscription({ onMade }: { onMade(item: WebhookSubscription, secret: string): void }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['form.completed']);
  const [problem, setProblem] = useState<string | null>(null);
  const making = useMutation(
    (input: { url: string; description: string; events: WebhookEventType[] }, options) => integrationsCalls.subscribe(input, options),
    {
      onSuccess: (made) => {
        setUrl('');
        setDescription('');
        onMade(made, made.secret);
      },
    },
  );
  const toggle = (event: WebhookEventType, on: boolean): void =>
    setEvents((before) => (on ? [...before.filter((other) => other !== event), event] : before.filter((other) => other !== event)));
  const save = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    making.reset();
    const found = !url.trim() ? 'Enter the address events are posted to.' : events.length === 0 ? 'Please choose at least one event to send.' : null;
    setProblem(found);
    if (found) return;
    void making.run({ url: url.trim(), description: description.trim(), events });
  };
  return (
    <form onSubmit={save} noValidate className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Subscribe an address</h2>
      <FormError message={making.error ?? problem} />
      <div className="ops-choices">
        <div className="field">
          <label htmlFor={`${id}-url`}>Address (https://…)</label>
          <input
            id={`${id}-url`}
            className="input"
            type="url"
            maxLength={2000}
            placeholder="https://hooks.example.com/formsign"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <input
            id={`${id}-description`}
            className="input"
            maxLength={200}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
      </div>
      <fieldset className="account-fieldset">
        <legend>Events to send</legend>
        {webhookEventLabels.map((option) => (
          <label key={option.value} className="checkbox">
            <input type="checkbox" checked={events.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />{' '}
            {option.label} <span className="ops-quiet ops-code">{option.value}</span>
          </label>
        ))}
      </fieldset>
      <p className="ops-quiet">
        Each delivery is a POST of JSON with the header <code>formsign-signature: t=…,v1=…</code>, an HMAC-SHA256 of the time, a dot and the body,
        with the subscription&apos;s secret. An event that fails is tried again for a day; a subscription failing for a day (or 20 times in a row) is
        paused and you are mailed.
      </p>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={making.busy}>
          {making.busy ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
    </form>
  );
}

export default function WebhooksPage() {
  const ids = useId();
  const url = useUrlState();
  const notify = useNotify();
  const list = useDataGroup('webhookSubscriptions', emptyList, (_params: null, options) => integrationsCalls.webhooks(options), null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [removing, setRemoving] = useState<WebhookSubscription | null>(null);
  const chosen = list.data.data.find((item) => item.id === Number(url.get('subscription')));

  const pause = useMutation(
    (input: { item: WebhookSubscription; paused: boolean }, options) =>
      integrationsCalls.changeWebhook({ id: input.item.id, paused: input.paused }, options),
    {
      onSuccess: (changed) => {
        notify({ type: 'success', title: changed.status === 'paused' ? 'Subscription paused' : 'Subscription resumed', description: changed.url });
        list.refetch();
      },
      onFailure: (message) => notify({ type: 'error', title: 'Could not change the subscription', description: message }),
    },
  );
  const roll = useMutation((item: WebhookSubscription, options) => integrationsCalls.rollWebhookSecret(item.id, options), {
    onSuccess: (rolled, item) => {
      setSecret({ url: item.url, secret: rolled.secret });
      list.refetch();
    },
    onFailure: (message) => notify({ type: 'error', title: 'Could not roll the secret', description: message }),
  });
  const remove = useMutation((item: WebhookSubscription, options) => integrationsCalls.removeWebhook(item.id, options), {
    onSuccess: (answer, item) => {
      notify({ type: 'success', title: 'Subscription removed', description: answer.message });
      if (chosen?.id === item.id) url.set({ subscription: null, page: null });
      list.refetch();
    },
    onFailure: (message) => notify({ type: 'error', title: 'Could not remove the subscription', description: message }),
  });
  const actions: RowActions = {
    log: (item) => url.set({ subscription: item.id, page: null }),
    pause: (item, paused) => void pause.run({ item, paused }),
    roll: (item) => void roll.run(item),
    remove: setRemoving,
    busy: pause.busy || roll.busy,
  };

  return (
    <div className="page">
      {secret ? <SecretOnce url={secret.url} secret={secret.secret} onDone={() => setSecret(null)} /> : null}
      <section aria-labelledby={`${ids}-list`} className="ops-block">
        <div className="ops-section-head">
          <h2 id={`${ids}-list`}>Webhook subscriptions</h2>
        </div>
        <SubscriptionActions.Provider value={actions}>
          <DataTable
            caption="Webhook subscriptions"
            columns={columns}
            rows={list.data.data}
            total={list.data.data.length}
            {...tableState(list)}
            empty="No subscriptions yet: no event is posted anywhere. Subscribe an address below."
            getRowId={(row) => String(row.id)}
          />
        </SubscriptionActions.Provider>
      </section>

      <NewSubscription
        onMade={(item, made) => {
          setSecret({ url: item.url, secret: made });
          list.refetch();
        }}
      />

      {chosen ? (
        <section className="ops-block" aria-labelledby={`${ids}-log`}>
          <div className="ops-section-head">
            <h2 id={`${ids}-log`}>Delivery log of {chosen.url}</h2>
          </div>
          <WebhookDeliveries key={chosen.id} subscription={chosen.id} url={chosen.url} />
        </section>
      ) : null}

      <ConfirmDialog
        open={removing !== null}
        title="Remove this subscription?"
        confirmLabel="Remove subscription"
        onConfirm={() => {
          if (removing) void remove.run(removing);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing ? (
          <p>
            No more events will be posted to <strong>{removing.url}</strong>, and its delivery log is removed.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
