/**
 * Form Integration (`/iforms`, `GET /fetch-integratedforms`, administrators): the Post Office
 * sends each completed form on to another system. The specification shows no content;
 * designed as the list of integrations (template, destination, what is sent, recipient),
 * each with "Edit" and "Delete" (confirmed), and an editor: the person picks a template and a
 * destination (kept in the URL: `?template=&source=&sid=`), sees its fields and their names
 * in the receiving system (`action=fields`), edits the map, the recipient and what is sent,
 * and saves (`action=save`, the map as JSON in `data`). An integration being edited shows its
 * last deliveries, a failed one with "Send again"; an SFTP one, its sign-in and the server's
 * pinned host key.
 */
import type { Integration, IntegrationResponse, IntegrationsQuery } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { createContext, useContext, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { integrationsApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useMutation } from '../api/use-mutation.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { DataTable, ListFailure, type ListColumn } from '../lists/data-table.tsx';
import { formatDateTime } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useNotify } from '../shell/notifications.tsx';
import { FieldMapEditor } from '../features/operations/field-map-editor.tsx';
import { IntegrationDeliveries } from '../features/operations/integration-deliveries.tsx';
import { SftpSignIn } from '../features/operations/sftp-sign-in.tsx';
import { deliveryLabel, sourceInfo, sources } from '../features/operations/integration-sources.ts';
import { LoadingState } from '../features/operations/loading-state.tsx';
import { useUrlState } from '../features/operations/use-url-state.ts';
import '../styles/operations.css';

const integrationsCalls = area(integrationsApi);

const emptyAnswer: IntegrationResponse = {
  message: '',
  type: 'list',
  forms: [],
  allforms: [],
  fields: [],
  map: {},
  title: '',
  sid: null,
  files: [],
  recipient: '',
};

interface RowActions {
  edit(item: Integration): void;
  ask(item: Integration): void;
}

/** What a row's buttons do, given by the page, so the columns are made once and a focused button keeps its focus. */
const IntegrationActions = createContext<RowActions | null>(null);

function IntegrationRowActions({ item }: { item: Integration }) {
  const actions = useContext(IntegrationActions);
  if (!actions) throw new Error('IntegrationRowActions needs <IntegrationActions.Provider> above it.');
  const { title } = item;
  return (
    <div className="form-actions">
      <button type="button" className="button button--secondary button--small" onClick={() => actions.edit(item)}>
        <Trans>
          Edit<span className="visually-hidden"> the integration of {title}</span>
        </Trans>
      </button>
      <button type="button" className="button button--ghost button--small" data-delete={item.sid} onClick={() => actions.ask(item)}>
        <Trans>
          Delete<span className="visually-hidden"> the integration of {title}</span>
        </Trans>
      </button>
    </div>
  );
}

/** Where an integration sends completed forms, named in the language shown. */
function Destination({ source }: { source: string }) {
  const { i18n } = useLingui();
  const known = sourceInfo(source);
  return <span className="badge badge--info">{known ? i18n._(known.label) : source}</span>;
}

function WhatIsSent({ type }: { type: Integration['type'] }) {
  const { i18n } = useLingui();
  return deliveryLabel(type, i18n);
}

const columns: ListColumn<Integration>[] = [
  { id: 'title', accessorKey: 'title', header: () => <Trans>Template</Trans> },
  { id: 'source', accessorKey: 'source', header: () => <Trans>Sent to</Trans>, cell: (info) => <Destination source={info.getValue<string>()} /> },
  {
    id: 'type',
    accessorKey: 'type',
    header: () => <Trans>What is sent</Trans>,
    cell: (info) => <WhatIsSent type={info.getValue<Integration['type']>()} />,
  },
  {
    id: 'recipient',
    accessorKey: 'recipient',
    header: () => <Trans>Recipient</Trans>,
    cell: (info) => <span className="ops-code">{info.getValue<string>()}</span>,
  },
  { id: 'updated_at', accessorKey: 'updated_at', header: () => <Trans>Last changed</Trans>, cell: (info) => formatDateTime(info.getValue<string>()) },
  { id: 'actions', header: () => <Trans>Actions</Trans>, cell: ({ row }) => <IntegrationRowActions item={row.original} /> },
];

export default function FormIntegrationPage() {
  const url = useUrlState();
  const notify = useNotify();
  const { t, i18n } = useLingui();
  const ids = useId();
  const editorHeading = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  /** Where focus goes back to when the dialog closes: the Delete button that opened it, else the list's heading. */
  const listSection = useRef<HTMLElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const closeDialog = (): void => {
    const sidAsked = deleting?.sid;
    setDeleting(null);
    window.requestAnimationFrame(() =>
      (listSection.current?.querySelector<HTMLElement>(`[data-delete="${sidAsked}"]`) ?? listHeading.current)?.focus(),
    );
  };

  const list = useDataGroup('integrations', emptyAnswer, (_params: null, options) => integrationsCalls.manage({ action: 'list' }, options), null);
  const templateId = Number(url.get('template')) || null;
  const source = sourceInfo(url.get('source'));
  const existing = list.data.forms.find((item) =>
    url.get('sid') ? item.sid === Number(url.get('sid')) : item.template_id === templateId && item.source === source?.value,
  );
  const sid = Number(url.get('sid')) || existing?.sid || null;
  const fieldsQuery: IntegrationsQuery | null =
    templateId && source ? { action: 'fields', id: templateId, source: source.value, ...(sid ? { sid } : {}) } : null;
  const fields = useDataGroup<IntegrationResponse | null, IntegrationsQuery | null>(
    'integrationFields',
    null,
    (query, options) => (query ? integrationsCalls.manage(query, options) : Promise.resolve(null)),
    fieldsQuery,
  );
  const templateTitle =
    fields.data?.title || list.data.allforms.find((template) => template.id === templateId)?.title || existing?.title || t`this template`;

  const edit = (item: Integration): void => {
    url.set({ template: item.template_id, source: item.source, sid: item.sid });
    editorHeading.current?.focus();
    editorHeading.current?.scrollIntoView({ block: 'start' });
  };
  const close = (): void => url.set({ template: null, source: null, sid: null });
  const remove = useMutation(
    (item: Integration, options) => integrationsCalls.manage({ action: 'delete', sid: item.sid, id: item.template_id }, options),
    {
      onSuccess: (_answer, item) => {
        const { title, recipient } = item;
        notify({ type: 'success', title: t`Integration deleted`, description: t`Completed ${title} forms no longer go to ${recipient}.` });
        if (sid === item.sid) close();
        list.refetch();
      },
      onFailure: (message) => notify({ type: 'error', title: t`Could not delete the integration`, description: message }),
    },
  );
  const confirmDelete = (item: Integration): void => {
    closeDialog();
    void remove.run(item);
  };
  const actions: RowActions = { edit, ask: setDeleting };
  const { title: deletingTitle, recipient: deletingRecipient } = deleting ?? { title: '', recipient: '' };

  return (
    <div className="page">
      <section aria-labelledby={`${ids}-list`} className="ops-block" ref={listSection}>
        <div className="ops-section-head">
          <h2 id={`${ids}-list`} ref={listHeading} tabIndex={-1} className="ops-heading-target">
            <Trans>Integrations</Trans>
          </h2>
          <Link to="/webhooks" className="button button--secondary button--small">
            <Trans>Webhooks for every event</Trans>
          </Link>
        </div>
        <IntegrationActions.Provider value={actions}>
          <DataTable
            caption={t`Integrations`}
            columns={columns}
            rows={list.data.forms}
            total={list.data.forms.length}
            {...tableState(list)}
            empty={t`No integrations yet: completed forms stay in formsign. Set one up below.`}
            getRowId={(row) => String(row.sid)}
          />
        </IntegrationActions.Provider>
      </section>

      <section className="card" aria-labelledby={`${ids}-editor`}>
        <h2 id={`${ids}-editor`} ref={editorHeading} tabIndex={-1} className="ops-heading-target">
          {sid ? <Trans>Edit the integration of {templateTitle}</Trans> : <Trans>Set up an integration</Trans>}
        </h2>
        <div className="ops-choices">
          <div className="field">
            <label htmlFor={`${ids}-template`}>
              <Trans>Template</Trans>
            </label>
            <select
              id={`${ids}-template`}
              className="select"
              value={templateId ?? ''}
              onChange={(event) => url.set({ template: event.target.value, sid: null })}
            >
              <option value="">{t`Choose a template`}</option>
              {list.data.allforms.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-source`}>
              <Trans>Send completed forms to</Trans>
            </label>
            <select
              id={`${ids}-source`}
              className="select"
              value={source?.value ?? ''}
              onChange={(event) => url.set({ source: event.target.value, sid: null })}
            >
              <option value="">{t`Choose where they go`}</option>
              {sources.map((option) => (
                <option key={option.value} value={option.value}>
                  {i18n._(option.label)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {!fieldsQuery ? (
          <p className="ops-quiet ops-spaced">
            <Trans>Choose a template and where its completed forms go to see its fields.</Trans>
          </p>
        ) : null}
        {fieldsQuery && fields.loading ? <LoadingState label={t`Loading the template's fields…`} /> : null}
        {fieldsQuery && fields.error ? <ListFailure message={fields.message ?? ''} onRetry={fields.refetch} /> : null}
        {fieldsQuery && !fields.loading && fields.data && templateId && source ? (
          <div className="ops-spaced">
            <FieldMapEditor
              key={`${templateId}-${source.value}-${sid ?? 'new'}-${JSON.stringify(fields.data.map)}-${fields.data.recipient}`}
              templateId={templateId}
              templateTitle={templateTitle}
              source={source}
              sid={sid}
              answer={fields.data}
              initialType={existing?.type ?? 'pdf'}
              onSaved={list.refetch}
              onClose={close}
            />
          </div>
        ) : null}
        {existing && existing.sid === sid && existing.source === 'sftp' ? (
          <SftpSignIn key={`${existing.sid}-${existing.updated_at}-${existing.host_key ?? ''}`} integration={existing} onSaved={list.refetch} />
        ) : null}
      </section>

      {existing && existing.sid === sid ? (
        <section className="ops-block" aria-labelledby={`${ids}-deliveries`}>
          <div className="ops-section-head">
            <h2 id={`${ids}-deliveries`}>
              <Trans>Last deliveries</Trans>
            </h2>
          </div>
          <IntegrationDeliveries sid={existing.sid} title={existing.title} />
        </section>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete this integration?`}
        confirmLabel={t`Delete integration`}
        onConfirm={() => {
          if (deleting) confirmDelete(deleting);
        }}
        onCancel={closeDialog}
      >
        {deleting ? (
          <p>
            <Trans>
              Completed {deletingTitle} forms will no longer be sent to <strong>{deletingRecipient}</strong>. Forms already sent are not affected.
            </Trans>
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
