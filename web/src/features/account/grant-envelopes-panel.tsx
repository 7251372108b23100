/**
 * Granting envelopes (My Account, "Grant envelopes" tab): a super user of the organisation that
 * runs this site finds an organisation (`GET /organisations`, searched by name or email, paged,
 * the view kept in the URL beside `?tab=`) and grants it envelopes with a reason
 * (`POST /grant-envelopes`). The organisation's balance shown afterwards is the one the server
 * answered; a refused grant keeps the number and reason typed, with the server's words.
 */
import { contractLimits, type EnvelopesGranted, type Organisation, type OrganisationPage, accountApi } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createContext, useContext, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { area } from '../../api/client.ts';
import { i18n } from '../../i18n/i18n.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { DataTable, type ListColumn } from '../../lists/data-table.tsx';
import { FilterBar } from '../../lists/filter-bar.tsx';
import { formatDate } from '../../lists/format.ts';
import { tableState, useDataGroup } from '../../lists/use-data-group.ts';
import { useListQuery } from '../../lists/use-list-query.ts';
import { announceEnvelopesChanged } from '../../shell/envelope-changes.ts';

const accountCalls = area(accountApi);

const emptyPage: OrganisationPage = { page: 1, limit: 25, total: 0, total_exact: true, data: [] };
const maxEnvelopes = contractLimits['GrantEnvelopesRequest.envelopes'].maximum;
const maxReason = contractLimits['GrantEnvelopesRequest.reason'].maxLength;
/** A number as the language shown writes it. */
const count = (value: number): string => i18n.number(value);

/** The organisation a row's button chooses: the cells read it here, so the columns stay one array. */
const ChooseOrganisation = createContext<(organisation: Organisation) => void>(() => undefined);

function ChooseButton({ organisation }: { organisation: Organisation }) {
  const choose = useContext(ChooseOrganisation);
  const name = organisation.name;
  return (
    <button type="button" className="button button--secondary button--small" onClick={() => choose(organisation)}>
      <Trans>
        Grant envelopes<span className="visually-hidden"> to {name}</span>
      </Trans>
    </button>
  );
}

const columns: ListColumn<Organisation>[] = [
  { id: 'name', accessorKey: 'name', header: () => <Trans>Organisation</Trans>, enableSorting: false },
  { id: 'email', accessorKey: 'email', header: () => <Trans>Email</Trans>, enableSorting: false },
  {
    id: 'created',
    accessorKey: 'created',
    header: () => <Trans>Created</Trans>,
    enableSorting: false,
    cell: (info) => formatDate(info.getValue<string>()),
  },
  {
    id: 'used',
    accessorKey: 'used_envelopes',
    header: () => <Trans>Envelopes used</Trans>,
    enableSorting: false,
    cell: (info) => count(info.getValue<number>()),
  },
  {
    id: 'left',
    accessorKey: 'unused_envelopes',
    header: () => <Trans>Envelopes left</Trans>,
    enableSorting: false,
    cell: (info) => count(info.getValue<number>()),
  },
  { id: 'actions', header: () => <Trans>Actions</Trans>, enableSorting: false, cell: ({ row }) => <ChooseButton organisation={row.original} /> },
];

/** What the grant form checks before it asks the server: the problem in the product's words, or null. */
export function grantProblem(envelopes: string, reason: string): { field: 'envelopes' | 'reason'; text: MessageDescriptor } | null {
  const number = Number(envelopes);
  if (envelopes.trim() === '' || !Number.isInteger(number) || number < 1 || number > maxEnvelopes) {
    const most = count(maxEnvelopes);
    return { field: 'envelopes', text: msg`Choose a number of envelopes from 1 to ${most}.` };
  }
  if (!reason.trim()) return { field: 'reason', text: msg`Please say why the envelopes are granted.` };
  return null;
}

function GrantForm({ organisation, onGranted }: { organisation: Organisation; onGranted(granted: EnvelopesGranted, added: number): void }) {
  const id = useId();
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  const [envelopes, setEnvelopes] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const grant = useMutation(
    (request: { company: number; envelopes: number; reason: string }, options) => accountCalls.grantEnvelopes(request, options),
    {
      onSuccess: (granted, request) => {
        setEnvelopes('');
        setReason('');
        setChecked(false);
        onGranted(granted, request.envelopes);
      },
    },
  );
  useEffect(() => heading.current?.focus(), [organisation.id]);
  const problem = grantProblem(envelopes, reason);
  const shown = checked ? problem : null;
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setChecked(true);
    if (problem) return;
    void grant.run({ company: organisation.id, envelopes: Number(envelopes), reason: reason.trim() });
  };
  const name = organisation.name;
  const unused = count(organisation.unused_envelopes);
  const total = organisation.envelopes;
  return (
    <section className="card account-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        <Trans>Grant envelopes to {name}</Trans>
      </h3>
      <p className="muted">
        {t`${unused} of ${plural(total, { one: '# envelope left.', other: '# envelopes left.' })} The grant and its reason are recorded in the organisation's trail and in yours.`}
      </p>
      <form onSubmit={submit} noValidate aria-busy={grant.busy}>
        <FormError message={grant.error} />
        <div className="field">
          <label htmlFor={`${id}-envelopes`}>
            <Trans>Envelopes to grant</Trans>
          </label>
          <input
            id={`${id}-envelopes`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxEnvelopes}
            value={envelopes}
            aria-invalid={shown?.field === 'envelopes' ? true : undefined}
            aria-describedby={shown?.field === 'envelopes' ? `${id}-problem` : undefined}
            onChange={(event) => setEnvelopes(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>
            <Trans>Reason</Trans>
          </label>
          <textarea
            id={`${id}-reason`}
            className="input"
            rows={2}
            maxLength={maxReason}
            value={reason}
            aria-invalid={shown?.field === 'reason' ? true : undefined}
            aria-describedby={shown?.field === 'reason' ? `${id}-problem` : `${id}-reason-hint`}
            onChange={(event) => setReason(event.target.value)}
          />
          <span id={`${id}-reason-hint`} className="field__hint">
            <Trans>For example: invoice 2026-0142 paid by bank transfer.</Trans>
          </span>
        </div>
        {shown ? (
          <p id={`${id}-problem`} className="product__problem" role="alert">
            {i18n._(shown.text)}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button" disabled={grant.busy}>
            {grant.busy ? t`Granting…` : t`Grant envelopes`}
          </button>
        </div>
      </form>
    </section>
  );
}

function GrantedMessage({ added, grant }: { added: number; grant: EnvelopesGranted }) {
  const { t } = useLingui();
  const { name, unused_envelopes: unused } = grant;
  const total = count(grant.envelopes);
  return (
    <FormSuccess
      message={t`${plural(added, { one: '# envelope granted', other: '# envelopes granted' })} to ${name}: it now has ${plural(unused, { one: '# envelope left', other: '# envelopes left' })} of ${total}.`}
    />
  );
}

export function GrantEnvelopesPanel() {
  const id = useId();
  const { t } = useLingui();
  const query = useListQuery();
  const organisations = useDataGroup('organisations', emptyPage, (params, options) => accountCalls.organisations(params, options), {
    page: query.page,
    limit: query.limit,
    ...(query.filters.search ? { search: query.filters.search } : {}),
  });
  const [chosen, setChosen] = useState<Organisation | null>(null);
  const [granted, setGranted] = useState<{ grant: EnvelopesGranted; added: number } | null>(null);
  const choose = (organisation: Organisation): void => {
    setChosen(organisation);
    setGranted(null);
  };
  const onGranted = (grant: EnvelopesGranted, added: number): void => {
    setGranted({ grant, added });
    // The balance the server answered, in the chosen row and the list.
    setChosen((current) =>
      current && current.id === grant.company
        ? {
            ...current,
            envelopes: grant.envelopes,
            unused_envelopes: grant.unused_envelopes,
            used_envelopes: grant.envelopes - grant.unused_envelopes,
          }
        : current,
    );
    organisations.refetch();
    // The header's counter, when the organisation granted to is the viewer's own.
    announceEnvelopesChanged();
  };
  return (
    <section className="account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Grant envelopes</Trans>
      </h2>
      <p className="muted">
        <Trans>Add envelopes to an organisation that asked for them, without a payment. Find it by its name or email address.</Trans>
      </p>
      <FilterBar query={query} dates={false} searchLabel={t`Search organisations`} />
      <ChooseOrganisation.Provider value={choose}>
        <DataTable
          caption={t`Organisations`}
          columns={columns}
          rows={organisations.data.data}
          total={organisations.data.total}
          totalExact={organisations.data.total_exact}
          {...tableState(organisations)}
          empty={t`No organisation matches this search.`}
          query={query}
          getRowId={(row) => String(row.id)}
        />
      </ChooseOrganisation.Provider>
      {granted ? <GrantedMessage added={granted.added} grant={granted.grant} /> : null}
      {chosen ? <GrantForm key={chosen.id} organisation={chosen} onGranted={onGranted} /> : null}
    </section>
  );
}
