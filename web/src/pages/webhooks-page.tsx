/**
 * Webhooks (`/webhooks`, administrators): the organisation's subscriptions, each an address its
 * events are posted to, signed with the subscription's secret. Listed with their events and
 * status; a new one is made with the events ticked, and its secret is shown once (as is a
 * rolled one); a subscription is paused, resumed or removed; its delivery log (`?subscription=`)
 * lists each event's last attempt, with "Send again". A failed save keeps what was typed.
 */
import type { WebhookEventType, WebhookSubscription, WebhookSubscriptionList } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
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
        <Trans>Delivery log</Trans>
        {which}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={actions.busy}
        onClick={() => actions.pause(item, item.status === 'active')}
      >
        {item.status === 'active' ? <Trans>Pause</Trans> : <Trans>Resume</Trans>}
        {which}
      </button>
      <button type="button" className="button button--secondary button--small" disabled={actions.busy} onClick={() => actions.roll(item)}>
        <Trans>Roll secret</Trans>
        {which}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={() => actions.remove(item)}>
        <Trans>Remove</Trans>
        {which}
      </button>
    </div>
  );
}

function SubscriptionStatus({ item }: { item: WebhookSubscription }) {
  const reason = item.paused_reason;
  if (item.status === 'active') {
    return (
      <span className="badge badge--success">
        <Trans>Active</Trans>
      </span>
    );
  }
  return (
    <span className="badge badge--danger" title={reason ?? ''}>
      {reason ? <Trans>Paused: {reason}</Trans> : <Trans>Paused</Trans>}
    </span>
  );
}

function MadeBy({ item }: { item: WebhookSubscription }) {
  const { t } = useLingui();
  const createdAt = formatDateTime(item.created_at);
  const createdBy = item.created_by;
  return t`${createdAt} by ${createdBy}`;
}

const columns: ListColumn<WebhookSubscription>[] = [
  {
    id: 'url',
    accessorKey: 'url',
    header: () => <Trans>Address</Trans>,
    cell: (info) => <span className="ops-code">{info.getValue<string>()}</span>,
  },
  { id: 'description', accessorKey: 'description', header: () => <Trans>Description</Trans> },
  {
    id: 'events',
    accessorKey: 'events',
    header: () => <Trans>Events</Trans>,
    cell: (info) => info.getValue<WebhookEventType[]>().join(', '),
  },
  {
    id: 'status',
    accessorKey: 'status',
    header: () => <Trans>Status</Trans>,
    cell: ({ row }) => <SubscriptionStatus item={row.original} />,
  },
  {
    id: 'secret_hint',
    accessorKey: 'secret_hint',
    header: () => <Trans>Secret ends</Trans>,
    cell: (info) => <span className="ops-code">{info.getValue<string>()}</span>,
  },
  {
    id: 'created_at',
    accessorKey: 'created_at',
    header: () => <Trans>Made</Trans>,
    cell: ({ row }) => <MadeBy item={row.original} />,
  },
  { id: 'actions', header: () => <Trans>Actions</Trans>, cell: ({ row }) => <SubscriptionRowActions item={row.original} /> },
];

/** A secret just made or rolled: shown this once. */
function SecretOnce({ url, secret, onDone }: { url: string; secret: string; onDone(): void }) {
  const id = useId();
  const { t } = useLingui();
  return (
    <div className="alert alert--success" role="status" aria-labelledby={`${id}-title`}>
      <div className="alert__body">
        <p id={`${id}-title`}>
          <Trans>
            <strong>The secret of {url}</strong>: copy it now into the receiving system. It is not shown again (roll it to get a new one).
          </Trans>
        </p>
        <p>
          <code className="ops-code" aria-label={t`Secret`}>
            {secret}
          </code>
        </p>
        <button type="button" className="button button--secondary button--small" onClick={onDone}>
          <Trans>I have copied it</Trans>
        </button>
      </div>
    </div>
  );
}

function NewSubscription({ onMade }: { onMade(item: WebhookSubscription, secret: string): void }) {
  const id = useId();
  const { t, i18n } = useLingui();
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
    const found = !url.trim()
      ? t`Enter the address events are posted to.`
      : events.length === 0
        ? t`Please choose at least one event to send.`
        : null;
    setProblem(found);
    if (found) return;
    void making.run({ url: url.trim(), description: description.trim(), events });
  };
  return (
    <form onSubmit={save} noValidate className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Subscribe an address</Trans>
      </h2>
      <FormError message={making.error ?? problem} />
      <div className="ops-choices">
        <div className="field">
          <label htmlFor={`${id}-url`}>
            <Trans>Address (https://…)</Trans>
          </label>
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
          <label htmlFor={`${id}-description`}>
            <Trans>Description</Trans>
          </label>
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
        <legend>
          <Trans>Events to send</Trans>
        </legend>
        {webhookEventLabels.map((option) => (
          <label key={option.value} className="checkbox">
            <input type="checkbox" checked={events.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />{' '}
            {i18n._(option.label)} <span className="ops-quiet ops-code">{option.value}</span>
          </label>
        ))}
      </fieldset>
      <p className="ops-quiet">
        <Trans>
          Each delivery is a POST of JSON with the header <code>formsign-signature: t=…,v1=…</code>, an HMAC-SHA256 of the time, a dot and the body,
          with the subscription&apos;s secret. An event that fails is tried again for a day; a subscription failing for a day (or 20 times in a row)
          is paused and you are mailed.
        </Trans>
      </p>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={making.busy}>
          {making.busy ? t`Subscribing…` : t`Subscribe`}
        </button>
      </div>
    </form>
  );
}

export default function WebhooksPage() {
  const ids = useId();
  const url = useUrlState();
  const notify = useNotify();
  const { t } = useLingui();
  const list = useDataGroup('webhookSubscriptions', emptyList, (_params: null, options) => integrationsCalls.webhooks(options), null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [removing, setRemoving] = useState<WebhookSubscription | null>(null);
  const chosen = list.data.data.find((item) => item.id === Number(url.get('subscription')));
  const chosenUrl = chosen?.url;
  const removingUrl = removing?.url;

  const pause = useMutation(
    (input: { item: WebhookSubscription; paused: boolean }, options) =>
      integrationsCalls.changeWebhook({ id: input.item.id, paused: input.paused }, options),
    {
      onSuccess: (changed) => {
        notify({ type: 'success', title: changed.status === 'paused' ? t`Subscription paused` : t`Subscription resumed`, description: changed.url });
        list.refetch();
      },
      onFailure: (message) => notify({ type: 'error', title: t`Could not change the subscription`, description: message }),
    },
  );
  const roll = useMutation((item: WebhookSubscription, options) => integrationsCalls.rollWebhookSecret(item.id, options), {
    onSuccess: (rolled, item) => {
      setSecret({ url: item.url, secret: rolled.secret });
      list.refetch();
    },
    onFailure: (message) => notify({ type: 'error', title: t`Could not roll the secret`, description: message }),
  });
  const remove = useMutation((item: WebhookSubscription, options) => integrationsCalls.removeWebhook(item.id, options), {
    onSuccess: (answer, item) => {
      notify({ type: 'success', title: t`Subscription removed`, description: answer.message });
      if (chosen?.id === item.id) url.set({ subscription: null, page: null });
      list.refetch();
    },
    onFailure: (message) => notify({ type: 'error', title: t`Could not remove the subscription`, description: message }),
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
          <h2 id={`${ids}-list`}>
            <Trans>Webhook subscriptions</Trans>
          </h2>
        </div>
        <SubscriptionActions.Provider value={actions}>
          <DataTable
            caption={t`Webhook subscriptions`}
            columns={columns}
            rows={list.data.data}
            total={list.data.data.length}
            {...tableState(list)}
            empty={t`No subscriptions yet: no event is posted anywhere. Subscribe an address below.`}
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
            <h2 id={`${ids}-log`}>
              <Trans>Delivery log of {chosenUrl}</Trans>
            </h2>
          </div>
          <WebhookDeliveries key={chosen.id} subscription={chosen.id} url={chosen.url} />
        </section>
      ) : null}

      <ConfirmDialog
        open={removing !== null}
        title={t`Remove this subscription?`}
        confirmLabel={t`Remove subscription`}
        onConfirm={() => {
          if (removing) void remove.run(removing);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing ? (
          <p>
            <Trans>
              No more events will be posted to <strong>{removingUrl}</strong>, and its delivery log is removed.
            </Trans>
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
