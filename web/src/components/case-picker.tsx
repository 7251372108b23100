/**
 * The case a form is filed on: a choice among the tenants the person may see (their cases, or
 * every case for an administrator), or none. Used when a form is sent and on its progress page.
 */
import type { TenantList } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { casesApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useDataGroup } from '../lists/use-data-group.ts';

const casesCalls = area(casesApi);

const noTenants: TenantList = { data: [] };

export function CasePicker({ value, onValue, label }: { value: number | null; onValue(tenant: number | null): void; label?: string }) {
  const id = useId();
  const { t } = useLingui();
  const tenants = useDataGroup('tenants', noTenants, (_params: null, options) => casesCalls.tenants(options), null);
  const failure = tenants.message;
  const open = tenants.data.data.filter((tenant) => tenant.status !== 'closed' || tenant.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label ?? t`File on case`}</label>
      <select
        id={id}
        className="select"
        value={value ?? ''}
        disabled={tenants.loading}
        onChange={(event) => onValue(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{t`No case`}</option>
        {open.map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.name}
            {tenant.address ? ` (${tenant.address})` : ''}
          </option>
        ))}
      </select>
      {tenants.error ? (
        <span className="field__hint">
          <Trans>The cases could not be loaded: {failure}</Trans>
        </span>
      ) : null}
    </div>
  );
}
