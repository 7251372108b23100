/**
 * A sent form's progress (`/workflow/{id}`, designed): who has acted and when, who is next,
 * the reminders sent and when the automatic one next goes (`GET /form-progress`); the sender or an administrator reminds the next
 * recipient or withdraws the form (`POST /form-progress`, asking first). A form sent back or
 * declined says by whom and why, and its sender corrects the places still to be done (who
 * they go to) and the note, then sends it on again from the place that stopped it. A
 * complete form's signed PDF is downloaded. A place that receives a copy says when its copy was
 * mailed. The sender or an administrator opens the place whose turn it is on this device for its
 * recipient to sign in person (`in-person`), going to its fresh signing page.
 */
import type { FileFormRequest, FormProgress, FormProgressAction, RecipientProgress } from '@formsign/sdk';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { casesApi, workflowApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useMutation } from '../api/use-mutation.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { FormError, FormSuccess } from '../components/form-error.tsx';
import { FormStatusBadge } from '../features/lists/workflow/form-status.tsx';
import { TemplateLoadState } from '../features/forms/template-steps.tsx';
import { formatDateTime, humanize, useDateStyle } from '../lists/format.ts';
import { useDataGroup } from '../lists/use-data-group.ts';
import { useReportedTitle } from '../shell/page-title.tsx';
import { CasePicker } from '../components/case-picker.tsx';
import { useViewer } from '../session/session.tsx';
import { seesPage } from '../routes/access.ts';
import '../styles/lists.css';

const casesCalls = area(casesApi);
const workflowCalls = area(workflowApi);

const acts: Record<RecipientProgress['action'], string> = { sign: 'Signs', fill: 'Fills in', approve: 'Approves', copy: 'Receives a copy' };

/** Where a place that receives a copy is: its mail sent (and when), still to come, or never (the form did not complete). */
function copyState(form: FormProgress, recipient: RecipientProgress): string {
  if (recipient.copy_sent_at) return `Copy sent ${when(recipient.copy_sent_at)}`;
  if (form.status === 'completed') return 'Copy not sent yet: it goes once the sealed PDF is made and the mail server takes it';
  if (['cancelled', 'declined', 'disapproved'].includes(form.status)) return 'No copy: the form was not completed';
  return 'Gets the sealed PDF once the form is complete';
}

function when(value: string | null): string {
  return value ? formatDateTime(value) : '—';
}

/** What a place's link asks for before its form opens, as the sender reads it. */
const opensWith = { 'email-code': 'Opens with a code emailed to them', 'access-code': 'Opens with the access code you gave them' } as const;

function Recipients({ progress }: { progress: FormProgress }) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  return (
    <div className="table-scroll">
      <table className="table">
        <caption className="visually-hidden">Recipients of {progress.reference}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Recipient</th>
            <th scope="col">Asked to</th>
            <th scope="col">Status</th>
            <th scope="col">Opened</th>
            <th scope="col">Done</th>
            <th scope="col">Reminders</th>
          </tr>
        </thead>
        <tbody>
          {progress.recipients.map((recipient) => (
            <tr key={recipient.order} aria-current={recipient.next ? 'step' : undefined}>
              <td>{recipient.order}</td>
              <td>
                <span className="cell-main">{recipient.name}</span> <span className="muted">{recipient.label}</span>
                <span className="cell-email">{recipient.email}</span>
                {recipient.verification && recipient.verification !== 'none' ? (
                  <span className="cell-email">
                    {opensWith[recipient.verification]}
                    {recipient.verified_at ? `: given ${when(recipient.verified_at)}` : ''}
                  </span>
                ) : null}
                {recipient.delegations?.length ? (
                  <ul className="cell-email" aria-label={`How place ${recipient.order} was handed on`}>
                    {recipient.delegations.map((handed) => (
                      <li key={handed.at}>
                        {handed.from_name} ({handed.from_email}) handed it on to {handed.to_name} ({handed.to_email}) {when(handed.at)}: “
                        {handed.reason}”
                      </li>
                    ))}
                  </ul>
                ) : recipient.allow_delegation && recipient.status === 'open' ? (
                  <span className="cell-email">May hand it on to someone else</span>
                ) : null}
              </td>
              <td>{acts[recipient.action]}</td>
              <td>
                {recipient.action === 'copy' ? (
                  copyState(progress, recipient)
                ) : (
                  <>
                    {recipient.next ? <span className="badge badge--info">Next</span> : null} {humanize(recipient.status)}
                  </>
                )}
                {recipient.comment ? <span className="muted"> “{recipient.comment}”</span> : null}
                {recipient.hosted_by ? <span className="cell-email">In person, hosted by {recipient.hosted_by}</span> : null}
              </td>
              <td>{when(recipient.opened_at)}</td>
              <td>{when(recipient.acted_at)}</td>
              <td>
                {recipient.reminders}
                {recipient.last_reminded_at ? <span className="muted"> (last {when(recipient.last_reminded_at)})</span> : null}
                {recipient.next_reminder_at ? <span className="cell-email">Next automatic reminder {when(recipient.next_reminder_at)}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const stoppedWords = { disapproved: 'Sent back', declined: 'Declined' } as const;

/** The places a stopped form starts again from: the one that stopped it and every one not yet done. */
const toRedo = (recipient: RecipientProgress): boolean => !['signed', 'approved', 'filled'].includes(recipient.status);

/** Correcting a form sent back or declined, and sending it on again: who the places still to do go to, and the note. */
function SendAgain({ form, busy, onSend }: { form: FormProgress; busy: boolean; onSend(action: FormProgressAction): void }) {
  const headingId = useId();
  const places = form.recipients.filter(toRedo);
  const [people, setPeople] = useState(() => places.map(({ order, name, email }) => ({ order, name, email })));
  const [message, setMessage] = useState(form.message);
  const send = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const changed = people.filter((person) => {
      const before = places.find((place) => place.order === person.order);
      return before && (before.name !== person.name.trim() || before.email !== person.email.trim());
    });
    onSend({
      id: form.id,
      action: 'resend',
      ...(changed.length ? { recipients: changed.map((person) => ({ ...person, name: person.name.trim(), email: person.email.trim() })) } : {}),
      ...(message !== form.message ? { message } : {}),
    });
  };
  return (
    <form className="card" aria-labelledby={headingId} onSubmit={send}>
      <h3 id={headingId}>Correct and send again</h3>
      <p className="muted">
        What was signed before stands. The places below start again with new links (the old ones stop working), and whoever’s turn it is is emailed.
      </p>
      {people.map((person, index) => {
        const place = places[index];
        if (!place) return null;
        const update = (change: Partial<typeof person>) =>
          setPeople((current) => current.map((item) => (item.order === person.order ? { ...item, ...change } : item)));
        return (
          <fieldset key={person.order} className="fieldset">
            <legend>
              {person.order}. {place.label || acts[place.action]} ({acts[place.action].toLowerCase()})
            </legend>
            <div className="field">
              <label htmlFor={`resend-name-${person.order}`}>Name</label>
              <input
                id={`resend-name-${person.order}`}
                className="input"
                value={person.name}
                required
                disabled={busy}
                onChange={(event) => update({ name: event.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`resend-email-${person.order}`}>Email address</label>
              <input
                id={`resend-email-${person.order}`}
                className="input"
                type="email"
                value={person.email}
                required
                disabled={busy}
                onChange={(event) => update({ email: event.target.value })}
              />
            </div>
          </fieldset>
        );
      })}
      <div className="field">
        <label htmlFor="resend-message">Note to the recipients</label>
        <textarea id="resend-message" className="textarea" value={message} disabled={busy} onChange={(event) => setMessage(event.target.value)} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Sending…' : 'Send the form again'}
        </button>
      </div>
    </form>
  );
}

/** The case the form is filed on, changed here by whoever works cases (not a personal administrator). */
function CaseFiling({ form, onFiled }: { form: FormProgress; onFiled(tenant: FormProgress['tenant']): void }) {
  const current = form.tenant?.id ?? null;
  const [chosen, setChosen] = useState<number | null>(current);
  const file = useMutation((request: FileFormRequest, options) => casesCalls.fileForm(request, options), {
    onSuccess: (result) => onFiled(result.tenant),
  });
  return (
    <form
      className="case-filing"
      aria-label="Case"
      onSubmit={(event) => {
        event.preventDefault();
        void file.run({ form: form.id, tenant: chosen });
      }}
    >
      <p>
        {form.tenant ? (
          <>
            Filed on the case of <Link to={`/tenant/${form.tenant.id}`}>{form.tenant.name}</Link>.
          </>
        ) : (
          'Not filed on a case.'
        )}
      </p>
      <CasePicker value={chosen} onValue={setChosen} />
      <FormError message={file.error} />
      <div className="form-actions">
        <button type="submit" className="button button--secondary" disabled={file.busy || chosen === current}>
          {chosen === null ? 'Take it off the case' : 'File on this case'}
        </button>
      </div>
    </form>
  );
}

export default function FormProgressPage() {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const viewer = useViewer();
  const { id: address } = useParams();
  const formId = Number(address);
  const headingId = useId();
  const progress = useDataGroup('progress', null as FormProgress | null, (id: number, options) => workflowCalls.progress(id, options), formId);
  const navigate = useNavigate();
  const act = useMutation((action: FormProgressAction, options) => workflowCalls.manage(action, options), {
    onSuccess: (result) => {
      if (result.progress) progress.set(result.progress);
      // Signing in person: the place's own page, on this device, for its recipient.
      if (result.signing_url) void navigate(result.signing_url);
    },
  });
  const [withdrawing, setWithdrawing] = useState(false);
  const [hosting, setHosting] = useState(false);
  const form = progress.data;
  useReportedTitle(form?.reference);
  const open = form && !['completed', 'cancelled', 'disapproved'].includes(form.status);
  const next = form?.recipients.find((recipient) => recipient.next);
  // An approver signs in with their own account: only a signer or filler is signed for in person.
  const hostable = next && next.action !== 'approve' && next.action !== 'copy' ? next : undefined;
  const stopped = form && (form.status === 'disapproved' || form.status === 'declined') ? form.status : null;
  const stopper = stopped ? form?.recipients.find((recipient) => recipient.status === stopped) : undefined;

  return (
    <div className="page">
      <p>
        <Link to="/workflow">← Workflow (In Progress)</Link>
      </p>
      <TemplateLoadState what="form" loading={progress.loading} error={progress.error ? progress.message : null} onRetry={progress.refetch} />
      {form ? (
        <section className="card" aria-labelledby={headingId}>
          <h2 id={headingId}>
            {form.reference}: {form.title} <FormStatusBadge status={form.status} />
          </h2>
          <dl className="details-list">
            <dt>Template</dt>
            <dd>{form.template}</dd>
            <dt>Sent by</dt>
            <dd>{form.sender}</dd>
            <dt>Sent</dt>
            <dd>{when(form.sent_at)}</dd>
            <dt>Links work until</dt>
            <dd>{when(form.expires_at)}</dd>
            <dt>Order</dt>
            <dd>{form.sequential ? 'One after the other' : 'Everyone at once'}</dd>
            {form.completed_at ? (
              <>
                <dt>Completed</dt>
                <dd>{when(form.completed_at)}</dd>
              </>
            ) : null}
          </dl>
          {stopped ? (
            <div className="alert alert--warning" role="status">
              <div className="alert__body">
                <strong>
                  {stoppedWords[stopped]} by {stopper?.name ?? 'a recipient'}
                  {stopper?.comment ? `: ${stopper.comment}` : ''}
                </strong>{' '}
                The form has stopped. Correct it below and send it again.
              </div>
            </div>
          ) : null}
          <FormError message={act.error} />
          <FormSuccess message={act.result?.message} />
          <Recipients progress={form} />
          {seesPage('case-management-page', viewer) ? (
            <CaseFiling key={form.id} form={form} onFiled={(tenant) => progress.set({ ...form, tenant })} />
          ) : null}
          {stopped ? <SendAgain key={form.id} form={form} busy={act.busy} onSend={(action) => void act.run(action)} /> : null}
          <div className="form-actions">
            {open && next ? (
              <button type="button" className="button" disabled={act.busy} onClick={() => void act.run({ id: form.id, action: 'remind' })}>
                Remind {next.name}
              </button>
            ) : null}
            {open && hostable ? (
              <button type="button" className="button button--secondary" disabled={act.busy} onClick={() => setHosting(true)}>
                Sign in person with {hostable.name}
              </button>
            ) : null}
            {open ? (
              <button type="button" className="button button--secondary" disabled={act.busy} onClick={() => setWithdrawing(true)}>
                Withdraw the form
              </button>
            ) : null}
            {form.pdf ? (
              <a className="button button--secondary" href={form.pdf} download>
                Download the signed PDF
              </a>
            ) : null}
            <Link className="button button--ghost" to={`/formaudit?search=${encodeURIComponent(form.reference)}`}>
              Audit trail
            </Link>
          </div>
          <ConfirmDialog
            open={withdrawing}
            title={`Withdraw ${form.reference}?`}
            confirmLabel="Withdraw the form"
            onCancel={() => setWithdrawing(false)}
            onConfirm={() => {
              setWithdrawing(false);
              void act.run({ id: form.id, action: 'withdraw' });
            }}
          >
            <p>Its links stop working and nobody else can sign it. The envelope it used is not given back.</p>
          </ConfirmDialog>
          {hostable ? (
            <ConfirmDialog
              open={hosting}
              title={`Sign in person with ${hostable.name}?`}
              confirmLabel="Open it on this device"
              onCancel={() => setHosting(false)}
              onConfirm={() => {
                setHosting(false);
                void act.run({ id: form.id, action: 'in-person', order: hostable.order });
              }}
            >
              <p>
                The form opens here for {hostable.name} to {hostable.action === 'fill' ? 'fill in' : 'sign'} on this device; hand it to them. The link
                emailed to them stops working, and the certificate says you hosted the signature. A code the place asks for is still asked for.
              </p>
            </ConfirmDialog>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
