/**
 * Opening a tenant's case or changing it (an administrator's): name, address, phone, email,
 * status (closing is a status), the caseworker among the company's users, and what everyone
 * working the case should know. A failed save keeps what was typed and says why.
 */
import type { Tenant, TenantInput, UserPage } from '@formsign/sdk';
import { casesApi, contractLimits, usersApi } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError } from '../../components/form-error.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useDataGroup } from '../../lists/use-data-group.ts';
import { caseStatuses } from './case-status.tsx';

const casesCalls = area(casesApi);
const usersCalls = area(usersApi);

const noUsers: UserPage = { page: 1, limit: 100, total: 0, total_exact: true, data: [] };

function draftOf(tenant: Tenant | null): TenantInput {
  return {
    name: tenant?.name ?? '',
    address: tenant?.address ?? '',
    phone: tenant?.phone ?? '',
    email: tenant?.email ?? '',
    status: tenant?.status ?? 'open',
    caseworker_id: tenant?.caseworker_id ?? null,
    notes: tenant?.notes ?? '',
  };
}

export function TenantForm({ tenant, onSaved, onCancel }: { tenant: Tenant | null; onSaved(tenant: Tenant): void; onCancel?(): void }) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<TenantInput>(() => draftOf(tenant));
  const ids = { status: useId(), caseworker: useId(), notes: useId() };
  const users = useDataGroup('users', noUsers, (_params: null, options) => usersCalls.list({ page: 1, limit: 100 }, options), null);
  const save = useMutation((input: TenantInput, options) => casesCalls.save(input, options), { onSuccess: onSaved });
  const set = (change: Partial<TenantInput>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(tenant ? { ...draft, id: tenant.id } : draft);
  };
  return (
    <form className="card form-grid" onSubmit={submit} aria-label={tenant ? t`Change the case` : t`Open a case`}>
      <TextField
        label={t`Name`}
        value={draft.name}
        onValue={(name) => set({ name })}
        required
        maxLength={contractLimits['TenantInput.name']?.maxLength}
      />
      <TextField
        label={t`Address`}
        value={draft.address}
        onValue={(address) => set({ address })}
        maxLength={contractLimits['TenantInput.address']?.maxLength}
      />
      <TextField
        label={t`Phone`}
        type="tel"
        value={draft.phone}
        onValue={(phone) => set({ phone })}
        maxLength={contractLimits['TenantInput.phone']?.maxLength}
      />
      <TextField
        label={t`Email`}
        type="email"
        value={draft.email}
        onValue={(email) => set({ email })}
        maxLength={contractLimits['TenantInput.email']?.maxLength}
      />
      <div className="field">
        <label htmlFor={ids.status}>
          <Trans>Status</Trans>
        </label>
        <select
          id={ids.status}
          className="select"
          value={draft.status}
          onChange={(event) => set({ status: event.target.value as TenantInput['status'] })}
        >
          {caseStatuses.map((status) => (
            <option key={status.value} value={status.value}>
              {i18n._(status.label)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.caseworker}>
          <Trans>Caseworker</Trans>
        </label>
        <select
          id={ids.caseworker}
          className="select"
          value={draft.caseworker_id ?? ''}
          onChange={(event) => set({ caseworker_id: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t`Nobody yet`}</option>
          {users.data.data.map((user) => (
            <option key={user.id} value={user.id}>
              {`${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.email} ({user.email})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.notes}>
          <Trans>What everyone on the case should know</Trans>
        </label>
        <textarea
          id={ids.notes}
          className="textarea"
          value={draft.notes ?? ''}
          maxLength={contractLimits['TenantInput.notes']?.maxLength}
          onChange={(event) => set({ notes: event.target.value })}
        />
      </div>
      <FormError message={save.error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.busy}>
          {tenant ? <Trans>Save the case</Trans> : <Trans>Open the case</Trans>}
        </button>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}
