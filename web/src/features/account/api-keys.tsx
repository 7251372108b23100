/**
 * The organisation's API keys (`GET /api-keys`, made with `POST /api-keys`, revoked with
 * `POST /api-keys/revoke`), for administrators and super users. A key is made with a name, the
 * role it acts as and an optional last day; its whole secret is answered once, shown here with
 * a copy button and a sentence saying it will not be shown again, and never read again (the
 * list names each key by its prefix). A failed creation keeps what was typed. Revoking asks
 * first, and the key stops working at once.
 */
import { type ApiKey, type ApiKeyRole, contractLimits, type CreateApiKeyRequest, settingsApi } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormError } from '../../components/form-error.tsx';
import { DataTable, type ListColumn } from '../../lists/data-table.tsx';
import { formatDate, formatDateTime } from '../../lists/format.ts';
import { tableState, useDataGroup } from '../../lists/use-data-group.ts';

const settingsCalls = area(settingsApi);

const none: ApiKey[] = [];

const roleWords: Record<ApiKeyRole, MessageDescriptor> = { basic: msg`Basic user`, personal: msg`Personal administrator`, admin: msg`Administrator` };

/** Today in the browser, as a date field gives it: the earliest last day is tomorrow. */
function tomorrow(): string {
  const day = new Date(Date.now() + 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

function NewKeySecret({ name, secret, onDone }: { name: string; secret: string; onDone(): void }) {
  const id = useId();
  const { t } = useLingui();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="account-key-secret" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        <Trans>The key “{name}”</Trans>
      </h3>
      <p>
        <Trans>
          <strong>Copy this key now: it will not be shown again.</strong> Only its first characters are kept to show which key it is.
        </Trans>
      </p>
      <div className="toolbar">
        <input
          className="input account-key-secret__value"
          readOnly
          value={secret}
          aria-label={t`The key “${name}”`}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          <Trans>Copy key</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          <Trans>Done</Trans>
        </button>
      </div>
      <p className="account-outcome" role="status">
        {copied ? t`Copied.` : null}
      </p>
      <FormError message={copied === false ? t`The key could not be copied here: select it and copy it yourself.` : null} />
    </section>
  );
}

function NewApiKey({ onMade }: { onMade(key: ApiKey, secret: string): void }) {
  const id = useId();
  const { t, i18n } = useLingui();
  const [name, setName] = useState('');
  const [role, setRole] = useState<ApiKeyRole>('basic');
  const [expiresAt, setExpiresAt] = useState('');
  const [checked, setChecked] = useState(false);
  const make = useMutation((request: CreateApiKeyRequest, options) => settingsCalls.createApiKey(request, options));
  const problem = checked && !name.trim() ? t`Enter a name for the key: what it is for.` : null;
  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setChecked(true);
    if (!name.trim()) return;
    const made = await make.run({ name: name.trim(), role, ...(expiresAt ? { expires_at: expiresAt } : {}) });
    if (made?.key && made.secret) {
      onMade(made.key, made.secret);
      setName('');
      setExpiresAt('');
      setChecked(false);
    }
  };
  return (
    <form className="account-inline-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t`Create an API key`}>
      <div className="toolbar">
        <div className="field account-inline-form__name">
          <label htmlFor={`${id}-name`}>
            <Trans>Key name</Trans>
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={contractLimits['CreateApiKeyRequest.name'].maxLength}
            aria-invalid={problem || make.error ? true : undefined}
            aria-describedby={problem || make.error ? `${id}-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              if (make.error) make.reset();
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>
            <Trans>Acts as</Trans>
          </label>
          <select id={`${id}-role`} className="input" value={role} onChange={(event) => setRole(event.target.value as ApiKeyRole)}>
            {(Object.keys(roleWords) as ApiKeyRole[]).map((each) => (
              <option key={each} value={each}>
                {i18n._(roleWords[each])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-expires`}>
            <Trans>Last day (optional)</Trans>
          </label>
          <input
            id={`${id}-expires`}
            className="input"
            type="date"
            min={tomorrow()}
            value={expiresAt}
            onChange={(event) => setExpiresAt(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={make.busy}>
          {make.busy ? t`Creating…` : t`Create key`}
        </button>
      </div>
      <FormError id={`${id}-error`} message={problem ?? make.error} />
    </form>
  );
}

export default function ApiKeys() {
  const id = useId();
  const { t, i18n } = useLingui();
  const keys = useDataGroup('api-keys', none, (_params: null, options) => settingsCalls.apiKeys(options).then((list) => list.data), null);
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const revoke = useMutation((key: ApiKey, options) => settingsCalls.revokeApiKey(key.id, options));

  const replace = (key: ApiKey): void => keys.set(keys.data.map((each) => (each.id === key.id ? key : each)));
  const confirmRevoke = async (): Promise<void> => {
    const key = revoking;
    setRevoking(null);
    if (!key) return;
    const revoked = await revoke.run(key);
    if (revoked?.key) {
      replace(revoked.key);
      const name = key.name;
      setDone(t`The key “${name}” was revoked: it no longer works.`);
    }
  };

  // Made once (setRevoking does not change), so a focused button keeps its focus as the list changes.
  const columns = useMemo<ListColumn<ApiKey>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t`Name` },
      { id: 'prefix', header: t`Key`, cell: ({ row }) => <code>{row.original.prefix}…</code> },
      { id: 'role', header: t`Acts as`, cell: ({ row }) => i18n._(roleWords[row.original.role]) },
      {
        id: 'created',
        header: t`Created`,
        cell: ({ row }) => {
          const createdAt = formatDateTime(row.original.created_at);
          const createdBy = row.original.created_by;
          return t`${createdAt} by ${createdBy}`;
        },
      },
      { id: 'expires', header: t`Last day`, cell: ({ row }) => (row.original.expires_at ? formatDate(row.original.expires_at) : t`Does not expire`) },
      {
        id: 'used',
        header: t`Last used`,
        cell: ({ row }) =>
          row.original.last_used_at ? (
            formatDateTime(row.original.last_used_at)
          ) : (
            <span className="muted">
              <Trans>Never</Trans>
            </span>
          ),
      },
      {
        id: 'actions',
        header: t`Revoked`,
        cell: ({ row }) =>
          row.original.revoked_at ? (
            formatDateTime(row.original.revoked_at)
          ) : (
            <button type="button" className="button button--ghost button--small account-danger-text" onClick={() => setRevoking(row.original)}>
              <Trans>Revoke</Trans>
              <span className="visually-hidden"> {row.original.name}</span>
            </button>
          ),
      },
    ],
    [t, i18n],
  );

  const keyName = revoking?.name ?? '';
  return (
    <section className="account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>API keys</Trans>
      </h2>
      <p className="account-hint">
        <Trans>
          A key lets a program call formsign for the organisation, with the role you choose, as you: what it does is recorded as the key in the logs.
          Send it as <code>Authorization: Bearer</code> followed by the key.
        </Trans>
      </p>
      <NewApiKey
        onMade={(key, secret) => {
          revoke.reset();
          setDone(null);
          keys.set([key, ...keys.data]);
          setShown({ name: key.name, secret });
        }}
      />
      {shown ? <NewKeySecret name={shown.name} secret={shown.secret} onDone={() => setShown(null)} /> : null}
      <FormError message={revoke.error} />
      <p className="account-outcome" role="status">
        {done}
      </p>
      <DataTable
        caption={t`API keys`}
        columns={columns}
        rows={keys.data}
        total={keys.data.length}
        {...tableState(keys)}
        empty={t`No API keys yet.`}
        getRowId={(row) => String(row.id)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t`Revoke the key “${keyName}”?`}
        confirmLabel={t`Revoke key`}
        danger
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      >
        <p>
          <Trans>Programs that use it are refused from now on. This cannot be undone.</Trans>
        </p>
      </ConfirmDialog>
    </section>
  );
}
