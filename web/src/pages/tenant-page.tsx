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

/** Where a form of the case is found: completed forms, or the forms in progress. */
function formList(form: CaseForm): { to: string; name: string } {
  const search = `?search=${encodeURIComponent(form.reference)}`;
  if (form.status === 'completed') return { to: `/completed${search}`, name: 'Forms' };
  if (form.status === 'awaiting_approval') return { to: `/pending${search}`, name: 'Action Required' };
  return { to: `/workflow${search}`, name: 'Workflow' };
}

const formColumns: ListColumn<CaseForm>[] = [
  { id: 'reference', accessorKey: 'reference', header: 'Reference' },
  { id: 'title', accessorKey: 'title', header: 'Form' },
  { id: 'status', accessorKey: 'status', header: 'Status', cell: ({ row }) => <FormStatusBadge status={row.original.status} /> },
  { id: 'updated_at', accessorKey: 'updated_at', header: 'Last update', cell: (info) => formatDateTime(info.getValue<string>()) },
  {
    id: 'open',
    header: 'Find it',
    cell: ({ row }) => {
      const list = formList(row.original);
      return (
        <Link className="button button--secondary button--small" to={list.to}>
          Open in {list.name}
          <span className="visually-hidden"> ({row.original.reference})</span>
        </Link>
      );
    },
  },
];

function TenantMissing({ message }: { message: string }) {
  return (
    <StatusPage heading="Tenant not found">
      <p>{message}</p>
      <p className="ops-quiet">The tenant may have been removed, or the link may be mistyped.</p>
      <div className="form-actions">
        <Link className="button" to="/dsm">
          Back to Case Management
        </Link>
      </div>
    </StatusPage>
  );
}

/** The notes added to the case, the latest first, and a note to add. */
function CaseNotes({ tenant, onChanged }: { tenant: Tenant; onChanged(tenant: Tenant): void }) {
  const id = useId();
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
      {notes.length === 0 && !tenant.notes ? <p className="ops-quiet">No notes on this case.</p> : null}
      <ul className="ops-note-list" aria-label="Case notes">
        {notes.map((note) => (
          <li key={note.id}>
            <p className="ops-notes">{note.text}</p>
            <p className="ops-quiet">
              {note.author}, {formatDateTime(note.at)}
            </p>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} aria-label="Add a note">
        <div className="field">
          <label htmlFor={id}>New note</label>
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
            Add the note
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
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  return (
    <>
      <Link className="ops-back" to="/dsm">
        <span aria-hidden="true">←</span> All tenants
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
              Change the case
            </button>
          ) : null}
        </div>
        <dl className="ops-details">
          <div>
            <dt>Address</dt>
            <dd>{tenant.address}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{tenant.phone ? <a href={`tel:${tenant.phone.replace(/\s+/g, '')}`}>{tenant.phone}</a> : '—'}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{tenant.email ? <EmailAddress address={tenant.email} link /> : '—'}</dd>
          </div>
          <div>
            <dt>Caseworker</dt>
            <dd>{tenant.caseworker}</dd>
          </div>
          <div>
            <dt>Case opened</dt>
            <dd>{formatDate(tenant.opened_at)}</dd>
          </div>
          <div>
            <dt>Open cases</dt>
            <dd>{formatNumber(tenant.open_cases)}</dd>
          </div>
          <div>
            <dt>Last update</dt>
            <dd>{formatDateTime(tenant.updated_at)}</dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby="tenant-notes-heading">
        <h2 id="tenant-notes-heading">Notes</h2>
        {tenant.notes ? <p className="ops-notes">{tenant.notes}</p> : null}
        <CaseNotes tenant={tenant} onChanged={onChanged} />
      </section>
      <section aria-labelledby="tenant-forms-heading">
        <h2 id="tenant-forms-heading">Forms on the case</h2>
        <DataTable
          caption="Forms on the case"
          columns={formColumns}
          rows={tenant.forms}
          total={tenant.forms.length}
          loading={false}
          empty="No forms filed on this case yet."
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
        <span aria-hidden="true">←</span> All tenants
      </Link>
      <h2>Open a case</h2>
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
  const [changed, setChanged] = useState<Tenant | null>(null);
  const valid = Number.isInteger(id) && id > 0;
  const answer = useDataGroup(
    'tenant',
    nothing,
    (tenantId: number | null, options) => (tenantId ? fetchTenant(tenantId, options) : Promise.resolve(nothing)),
    valid ? id : null,
  );
  if (!valid) return <TenantMissing message="This address does not name a tenant." />;
  if (answer.loading)
    return (
      <div className="page">
        <LoadingState label="Loading the tenant…" />
      </div>
    );
  if (answer.error) {
    return (
      <div className="page">
        <Link className="ops-back" to="/dsm">
          <span aria-hidden="true">←</span> All tenants
        </Link>
        <ListFailure message={answer.message ?? ''} onRetry={answer.refetch} />
      </div>
    );
  }
  if (answer.data.missing !== null || !answer.data.tenant) return <TenantMissing message={answer.data.missing || 'This tenant does not exist.'} />;
  return (
    <div className="page">
      <TenantDetails tenant={changed && changed.id === id ? changed : answer.data.tenant} onChanged={setChanged} />
    </div>
  );
}
