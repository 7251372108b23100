/**
 * Tenant (`/tenant/{id}`, `POST /get-tenant`): one tenant's case. The specification shows no
 * content; designed as the tenant's details (status, address, phone and email as links,
 * caseworker, when the case opened, open cases, last update), the case notes, and the forms
 * filed on the case with their status, each opening the list that holds it. Designed too: an
 * administrator opens a case (`/tenant/new`) and changes or closes it; whoever works the case
 * adds notes, kept with their author and time. A tenant that does not exist (404, or an
 * address without a number) gets a clear message and a way back to Case Management.
 */
import type { Tenant } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, casesApi } from '@formsign/sdk';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { contractLimits } from '@formsign/sdk';
import { useMutation } from '../api/use-mutation.ts';
import { FormError } from '../components/form-error.tsx';
import { TenantForm } from '../features/operations/tenant-form.tsx';
import { useViewer } from '../session/session.tsx';
import { area } from '../api/client.ts';
import { StatusPage } from '../components/status-page.tsx';
import { DataTable, ListFailure, type ListColumn } from '../lists/data-table.tsx';
import { formatDate, formatDateTime, useDateStyle } from '../lists/format.ts';
import { useDataGroup } from '../lists/use-data-group.ts';
import { CaseStatusBadge, FormStatusBadge } from '../features/operations/case-status.tsx';
import { formatNumber } from '../features/operations/chart-data.ts';
import { LoadingState } from '../features/operations/loading-state.tsx';
import '../styles/operations.css';
import { EmailAddress } from '../components/email-address.tsx';

const casesCalls = area(casesApi);

type CaseForm = Tenant['forms'][number];

/** The tenant, or why there is none: a 404 is an answer, not a failure to retry. */
interface TenantAnswer {
  tenant: Tenant | null;
  missing: string | null;
}

const nothing: TenantAnswer = { tenant: null, missing: null };

function fetchTenant(id: number, options: { signal: AbortSignal }): Promise<TenantAnswer> {
  return casesCalls.tenant(id, options).then(
    (tenant) => ({ tenant, missing: null }),
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return { tenant: null, missing: error.message };
      throw error;
    },
  );
}

/** Where a form of the case is found: completed forms, or the forms in progress; and what its link says. */
function formList(form: CaseForm): { to: string; open: MessageDescriptor } {
  const search = `?search=${encodeURIComponent(form.reference)}`;
  if (form.status === 'completed') return { to: `/completed${search}`, open: msg`Open in Forms` };
  if (form.status === 'awaiting_approval') return { to: `/pending${search}`, open: msg`Open in Action Required` };
  return { to: `/workflow${search}`, open: msg`Open in Workflow` };
}

function FindIt({ form }: { form: CaseForm }) {
  const { i18n } = useLingui();
  const list = formList(form);
  return (
    <Link className="button button--secondary button--small" to={list.to}>
      {i18n._(list.open)}
      <span className="visually-hidden"> ({form.reference})</span>
    </Link>
  );
}

const formColumns: ListColumn<CaseForm>[] = [
  { id: 'reference', accessorKey: 'reference', header: () => <Trans>Reference</Trans> },
  { id: 'title', accessorKey: 'title', header: () => <Trans>Form</Trans> },
  { id: 'status', accessorKey: 'status', header: () => <Trans>Status</Trans>, cell: ({ row }) => <FormStatusBadge status={row.original.status} /> },
  { id: 'updated_at', accessorKey: 'updated_at', header: () => <Trans>Last update</Trans>, cell: (info) => formatDateTime(info.getValue<string>()) },
  { id: 'open', header: () => <Trans>Find it</Trans>, cell: ({ row }) => <FindIt form={row.original} /> },
];

function TenantMissing({ message }: { message: string }) {
  const { t } = useLingui();
  return (
    <StatusPage heading={t`Tenant not found`}>
      <p>{message}</p>
      <p className="ops-quiet">
        <Trans>The tenant may have been removed, or the link may be mistyped.</Trans>
      </p>
      <div className="form-actions">
        <Link className="button" to="/dsm">
          <Trans>Back to Case Management</Trans>
        </Link>
      </div>
    </StatusPage>
  );
}

/** The notes added to the case, the latest first, and a note to add. */
function CaseNotes({ tenant, onChanged }: { tenant: Tenant; onChanged(tenant: Tenant): void }) {
  const id = useId();
  const { t } = useLingui();
  const [text, setText] = useState('');
  const add = useMutation((note: { tenant: number; text: string }, options) => casesCalls.addNote(note, options), {
    onSuccess: (saved) => {
      setText('');
      onChanged(saved);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void add.run({ tenant: tenant.id, text });
  };
  const notes = tenant.case_notes ?? [];
  return (
    <>
      {notes.length === 0 && !tenant.notes ? (
        <p className="ops-quiet">
          <Trans>No notes on this case.</Trans>
        </p>
      ) : null}
      <ul className="ops-note-list" aria-label={t`Case notes`}>
        {notes.map((note) => (
          <li key={note.id}>
            <p className="ops-notes">{note.text}</p>
            <p className="ops-quiet">
              {note.author}, {formatDateTime(note.at)}
            </p>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} aria-label={t`Add a note`}>
        <div className="field">
          <label htmlFor={id}>
            <Trans>New note</Trans>
          </label>
          <textarea
            id={id}
            className="textarea"
            value={text}
            required
            maxLength={contractLimits['TenantNoteInput.text']?.maxLength}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <FormError message={add.error} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={add.busy}>
            <Trans>Add the note</Trans>
          </button>
        </div>
      </form>
    </>
  );
}

function TenantDetails({ tenant, onChanged }: { tenant: Tenant; onChanged(tenant: Tenant): void }) {
  const viewer = useViewer();
  const manages = Boolean(viewer?.isAdmin && !viewer.isPersonal);
  const [editing, setEditing] = useState(false);
  const { t } = useLingui();
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  return (
    <>
      <Link className="ops-back" to="/dsm">
        <span aria-hidden="true">←</span> <Trans>All tenants</Trans>
      </Link>
      {editing ? (
        <TenantForm
          tenant={tenant}
          onSaved={(saved) => {
            setEditing(false);
            onChanged(saved);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      <section className="card" aria-labelledby="tenant-heading">
        <div className="ops-section-head">
          <h2 id="tenant-heading">{tenant.name}</h2>
          <CaseStatusBadge status={tenant.status} />
          {manages && !editing ? (
            <button type="button" className="button button--secondary button--small" onClick={() => setEditing(true)}>
              <Trans>Change the case</Trans>
            </button>
          ) : null}
        </div>
        <dl className="ops-details">
          <div>
            <dt>
              <Trans>Address</Trans>
            </dt>
            <dd>{tenant.address}</dd>
          </div>
          <div>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>{tenant.phone ? <a href={`tel:${tenant.phone.replace(/\s+/g, '')}`}>{tenant.phone}</a> : '—'}</dd>
          </div>
          <div>
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>{tenant.email ? <EmailAddress address={tenant.email} link /> : '—'}</dd>
          </div>
          <div>
            <dt>
              <Trans>Caseworker</Trans>
            </dt>
            <dd>{tenant.caseworker}</dd>
          </div>
          <div>
            <dt>
              <Trans>Case opened</Trans>
            </dt>
            <dd>{formatDate(tenant.opened_at)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Open cases</Trans>
            </dt>
            <dd>{formatNumber(tenant.open_cases)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Last update</Trans>
            </dt>
            <dd>{formatDateTime(tenant.updated_at)}</dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby="tenant-notes-heading">
        <h2 id="tenant-notes-heading">
          <Trans>Notes</Trans>
        </h2>
        {tenant.notes ? <p className="ops-notes">{tenant.notes}</p> : null}
        <CaseNotes tenant={tenant} onChanged={onChanged} />
      </section>
      <section aria-labelledby="tenant-forms-heading">
        <h2 id="tenant-forms-heading">
          <Trans>Forms on the case</Trans>
        </h2>
        <DataTable
          caption={t`Forms on the case`}
          columns={formColumns}
          rows={tenant.forms}
          total={tenant.forms.length}
          loading={false}
          empty={t`No forms filed on this case yet.`}
          getRowId={(form) => String(form.id)}
        />
      </section>
    </>
  );
}

/** Opening a case: `/tenant/new`, an administrator's. */
function NewTenant() {
  const navigate = useNavigate();
  return (
    <div className="page">
      <Link className="ops-back" to="/dsm">
        <span aria-hidden="true">←</span> <Trans>All tenants</Trans>
      </Link>
      <h2>
        <Trans>Open a case</Trans>
      </h2>
      <TenantForm tenant={null} onSaved={(saved) => void navigate(`/tenant/${saved.id}`)} onCancel={() => void navigate('/dsm')} />
    </div>
  );
}

export default function TenantPage() {
  const { id: idParam } = useParams();
  if (idParam === 'new') return <NewTenant />;
  return <TenantCase idParam={idParam} />;
}

function TenantCase({ idParam }: { idParam: string | undefined }) {
  const id = Number(idParam);
  const { t } = useLingui();
  const [changed, setChanged] = useState<Tenant | null>(null);
  const valid = Number.isInteger(id) && id > 0;
  const answer = useDataGroup(
    'tenant',
    nothing,
    (tenantId: number | null, options) => (tenantId ? fetchTenant(tenantId, options) : Promise.resolve(nothing)),
    valid ? id : null,
  );
  if (!valid) return <TenantMissing message={t`This address does not name a tenant.`} />;
  if (answer.loading)
    return (
      <div className="page">
        <LoadingState label={t`Loading the tenant…`} />
      </div>
    );
  if (answer.error) {
    return (
      <div className="page">
        <Link className="ops-back" to="/dsm">
          <span aria-hidden="true">←</span> <Trans>All tenants</Trans>
        </Link>
        <ListFailure message={answer.message ?? ''} onRetry={answer.refetch} />
      </div>
    );
  }
  if (answer.data.missing !== null || !answer.data.tenant) return <TenantMissing message={answer.data.missing || t`This tenant does not exist.`} />;
  return (
    <div className="page">
      <TenantDetails tenant={changed && changed.id === id ? changed : answer.data.tenant} onChanged={setChanged} />
    </div>
  );
}
