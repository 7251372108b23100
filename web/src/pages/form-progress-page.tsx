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
import type { MessageDescriptor } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { casesApi, workflowApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useMutation } from '../api/use-mutation.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { FormError, FormSuccess } from '../components/form-error.tsx';
import { FormStatusBadge } from '../features/lists/workflow/form-status.tsx';
import { TemplateLoadState } from '../features/forms/template-steps.tsx';
import { formatDateTime, useDateStyle } from '../lists/format.ts';
import { useDataGroup } from '../lists/use-data-group.ts';
import { useReportedTitle } from '../shell/page-title.tsx';
import { CasePicker } from '../components/case-picker.tsx';
import { useViewer } from '../session/session.tsx';
import { seesPage } from '../routes/access.ts';
import '../styles/lists.css';

const casesCalls = area(casesApi);
const workflowCalls = area(workflowApi);

const acts: Record<RecipientProgress['action'], MessageDescriptor> = {
  sign: msg`Signs`,
  fill: msg`Fills in`,
  approve: msg`Approves`,
  copy: msg`Receives a copy`,
};

/** What a place is asked to do, within a sentence: “1. Tenant (signs)”. */
const asked: Record<RecipientProgress['action'], MessageDescriptor> = {
  sign: msg`signs`,
  fill: msg`fills in`,
  approve: msg`approves`,
  copy: msg`receives a copy`,
};

/** Where a recipient is. */
const statusWords: Record<RecipientProgress['status'], MessageDescriptor> = {
  waiting: msg`Waiting`,
  open: msg`Open`,
  signed: msg`Signed`,
  approved: msg`Approved`,
  disapproved: msg`Disapproved`,
  declined: msg`Declined`,
  filled: msg`Filled`,
  cancelled: msg`Cancelled`,
  copy: msg`Copy`,
};

/** Where a place that receives a copy is: its mail sent (and when), still to come, or never (the form did not complete). */
function copyState(form: FormProgress, recipient: RecipientProgress): MessageDescriptor {
  if (recipient.copy_sent_at) {
    const sentAt = when(recipient.copy_sent_at);
    return msg`Copy sent ${sentAt}`;
  }
  if (form.status === 'completed') return msg`Copy not sent yet: it goes once the sealed PDF is made and the mail server takes it`;
  if (['cancelled', 'declined', 'disapproved'].includes(form.status)) return msg`No copy: the form was not completed`;
  return msg`Gets the sealed PDF once the form is complete`;
}

function when(value: string | null): string {
  return value ? formatDateTime(value) : '—';
}

/** What a place's link asks for before its form opens, as the sender reads it. */
const opensWith: Record<'email-code' | 'access-code', MessageDescriptor> = {
  'email-code': msg`Opens with a code emailed to them`,
  'access-code': msg`Opens with the access code you gave them`,
};

function Recipients({ progress }: { progress: FormProgress }) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const { t, i18n } = useLingui();
  const reference = progress.reference;
  return (
    <div className="table-scroll">
      <table className="table">
        <caption className="visually-hidden">
          <Trans>Recipients of {reference}</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">
              <Trans>Recipient</Trans>
            </th>
            <th scope="col">
              <Trans>Asked to</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <Trans>Opened</Trans>
            </th>
            <th scope="col">
              <Trans>Done</Trans>
            </th>
            <th scope="col">
              <Trans>Reminders</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {progress.recipients.map((recipient) => {
            const order = recipient.order;
            const opens = recipient.verification && recipient.verification !== 'none' ? i18n._(opensWith[recipient.verification]) : null;
            const givenAt = recipient.verified_at ? when(recipient.verified_at) : null;
            const comment = recipient.comment;
            const hostedBy = recipient.hosted_by;
            const lastAt = recipient.last_reminded_at ? when(recipient.last_reminded_at) : null;
            const nextAt = recipient.next_reminder_at ? when(recipient.next_reminder_at) : null;
            return (
              <tr key={recipient.order} aria-current={recipient.next ? 'step' : undefined}>
                <td>{recipient.order}</td>
                <td>
                  <span className="cell-main">{recipient.name}</span> <span className="muted">{recipient.label}</span>
                  <span className="cell-email">{recipient.email}</span>
                  {opens ? (
                    <span className="cell-email">
                      {givenAt
                        ? i18n._(
                            msg({ message: `${opens}: given ${givenAt}`, comment: 'How a recipient opens the form, and when they gave the code' }),
                          )
                        : opens}
                    </span>
                  ) : null}
                  {recipient.delegations?.length ? (
                    <ul className="cell-email" aria-label={t`How place ${order} was handed on`}>
                      {recipient.delegations.map((handed) => {
                        const { from_name: fromName, from_email: fromEmail, to_name: toName, to_email: toEmail, reason } = handed;
                        const handedAt = when(handed.at);
                        return (
                          <li key={handed.at}>
                            <Trans>
                              {fromName} ({fromEmail}) handed it on to {toName} ({toEmail}) {handedAt}: “{reason}”
                            </Trans>
                          </li>
                        );
                      })}
                    </ul>
                  ) : recipient.allow_delegation && recipient.status === 'open' ? (
                    <span className="cell-email">
                      <Trans>May hand it on to someone else</Trans>
                    </span>
                  ) : null}
                </td>
                <td>{i18n._(acts[recipient.action])}</td>
                <td>
                  {recipient.action === 'copy' ? (
                    i18n._(copyState(progress, recipient))
                  ) : (
                    <>
                      {recipient.next ? (
                        <span className="badge badge--info">
                          <Trans>Next</Trans>
                        </span>
                      ) : null}{' '}
                      {i18n._(statusWords[recipient.status])}
                    </>
                  )}
                  {comment ? <span className="muted"> {t`“${comment}”`}</span> : null}
                  {hostedBy ? (
                    <span className="cell-email">
                      <Trans>In person, hosted by {hostedBy}</Trans>
                    </span>
                  ) : null}
                </td>
                <td>{when(recipient.opened_at)}</td>
                <td>{when(recipient.acted_at)}</td>
                <td>
                  {recipient.reminders}
                  {lastAt ? <span className="muted"> {t`(last ${lastAt})`}</span> : null}
                  {nextAt ? (
                    <span className="cell-email">
                      <Trans>Next automatic reminder {nextAt}</Trans>
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The places a stopped form starts again from: the one that stopped it and every one not yet done. */
const toRedo = (recipient: RecipientProgress): boolean => !['signed', 'approved', 'filled'].includes(recipient.status);

/** Correcting a form sent back or declined, and sending it on again: who the places still to do go to, and the note. */
function SendAgain({ form, busy, onSend }: { form: FormProgress; busy: boolean; onSend(action: FormProgressAction): void }) {
  const { t, i18n } = useLingui();
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
      <h3 id={headingId}>
        <Trans>Correct and send again</Trans>
      </h3>
      <p className="muted">
        <Trans>
          What was signed before stands. The places below start again with new links (the old ones stop working), and whoever’s turn it is is emailed.
        </Trans>
      </p>
      {people.map((person, index) => {
        const place = places[index];
        if (!place) return null;
        const update = (change: Partial<typeof person>) =>
          setPeople((current) => current.map((item) => (item.order === person.order ? { ...item, ...change } : item)));
        return (
          <fieldset key={person.order} className="fieldset">
            <legend>
              {person.order}. {place.label || i18n._(acts[place.action])} ({i18n._(asked[place.action])})
            </legend>
            <div className="field">
              <label htmlFor={`resend-name-${person.order}`}>
                <Trans>Name</Trans>
              </label>
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
              <label htmlFor={`resend-email-${person.order}`}>
                <Trans>Email address</Trans>
              </label>
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
        <label htmlFor="resend-message">
          <Trans>Note to the recipients</Trans>
        </label>
        <textarea id="resend-message" className="textarea" value={message} disabled={busy} onChange={(event) => setMessage(event.target.value)} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t`Sending…` : t`Send the form again`}
        </button>
      </div>
    </form>
  );
}

/** The case the form is filed on, changed here by whoever works cases (not a personal administrator). */
function CaseFiling({ form, onFiled }: { form: FormProgress; onFiled(tenant: FormProgress['tenant']): void }) {
  const { t } = useLingui();
  const current = form.tenant?.id ?? null;
  const [chosen, setChosen] = useState<number | null>(current);
  const file = useMutation((request: FileFormRequest, options) => casesCalls.fileForm(request, options), {
    onSuccess: (result) => onFiled(result.tenant),
  });
  const tenant = form.tenant;
  const tenantName = tenant?.name;
  return (
    <form
      className="case-filing"
      aria-label={t`Case`}
      onSubmit={(event) => {
        event.preventDefault();
        void file.run({ form: form.id, tenant: chosen });
      }}
    >
      <p>
        {tenant ? (
          <Trans>
            Filed on the case of <Link to={`/tenant/${tenant.id}`}>{tenantName}</Link>.
          </Trans>
        ) : (
          <Trans>Not filed on a case.</Trans>
        )}
      </p>
      <CasePicker value={chosen} onValue={setChosen} />
      <FormError message={file.error} />
      <div className="form-actions">
        <button type="submit" className="button button--secondary" disabled={file.busy || chosen === current}>
          {chosen === null ? t`Take it off the case` : t`File on this case`}
        </button>
      </div>
    </form>
  );
}

export default function FormProgressPage() {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const { t, i18n } = useLingui();
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
  const nextName = next?.name;
  const hostName = hostable?.name;
  const reference = form?.reference;
  const stopped = form && (form.status === 'disapproved' || form.status === 'declined') ? form.status : null;
  const stopper = stopped ? form?.recipients.find((recipient) => recipient.status === stopped) : undefined;
  const stopperName = stopper?.name;
  const stoppedBy = !stopped
    ? ''
    : stopperName
      ? t`${select(stopped, { disapproved: `Sent back by ${stopperName}`, other: `Declined by ${stopperName}` })}`
      : t`${select(stopped, { disapproved: 'Sent back by a recipient', other: 'Declined by a recipient' })}`;
  const stopperComment = stopper?.comment;

  return (
    <div className="page">
      <p>
        <Link to="/workflow">
          <Trans>← Workflow (In Progress)</Trans>
        </Link>
      </p>
      <TemplateLoadState what="form" loading={progress.loading} error={progress.error ? progress.message : null} onRetry={progress.refetch} />
      {form ? (
        <section className="card" aria-labelledby={headingId}>
          <h2 id={headingId}>
            {form.reference}: {form.title} <FormStatusBadge status={form.status} />
          </h2>
          <dl className="details-list">
            <dt>
              <Trans>Template</Trans>
            </dt>
            <dd>{form.template}</dd>
            <dt>
              <Trans>Sent by</Trans>
            </dt>
            <dd>{form.sender}</dd>
            <dt>
              <Trans>Sent</Trans>
            </dt>
            <dd>{when(form.sent_at)}</dd>
            <dt>
              <Trans>Links work until</Trans>
            </dt>
            <dd>{when(form.expires_at)}</dd>
            <dt>
              <Trans>Order</Trans>
            </dt>
            <dd>{form.sequential ? t`One after the other` : t`Everyone at once`}</dd>
            {form.completed_at ? (
              <>
                <dt>
                  <Trans>Completed</Trans>
                </dt>
                <dd>{when(form.completed_at)}</dd>
              </>
            ) : null}
          </dl>
          {stopped ? (
            <div className="alert alert--warning" role="status">
              <div className="alert__body">
                <strong>
                  {stopperComment
                    ? i18n._(
                        msg({
                          message: `${stoppedBy}: ${stopperComment}`,
                          comment: 'Who stopped the form (“Declined by Ada Brook”), and their reason',
                        }),
                      )
                    : stoppedBy}
                </strong>{' '}
                <Trans>The form has stopped. Correct it below and send it again.</Trans>
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
                <Trans>Remind {nextName}</Trans>
              </button>
            ) : null}
            {open && hostable ? (
              <button type="button" className="button button--secondary" disabled={act.busy} onClick={() => setHosting(true)}>
                <Trans>Sign in person with {hostName}</Trans>
              </button>
            ) : null}
            {open ? (
              <button type="button" className="button button--secondary" disabled={act.busy} onClick={() => setWithdrawing(true)}>
                <Trans>Withdraw the form</Trans>
              </button>
            ) : null}
            {form.pdf ? (
              <a className="button button--secondary" href={form.pdf} download>
                <Trans>Download the signed PDF</Trans>
              </a>
            ) : null}
            <Link className="button button--ghost" to={`/formaudit?search=${encodeURIComponent(form.reference)}`}>
              <Trans>Audit trail</Trans>
            </Link>
          </div>
          <ConfirmDialog
            open={withdrawing}
            title={t`Withdraw ${reference}?`}
            confirmLabel={t`Withdraw the form`}
            onCancel={() => setWithdrawing(false)}
            onConfirm={() => {
              setWithdrawing(false);
              void act.run({ id: form.id, action: 'withdraw' });
            }}
          >
            <p>
              <Trans>Its links stop working and nobody else can sign it. The envelope it used is not given back.</Trans>
            </p>
          </ConfirmDialog>
          {hostable ? (
            <ConfirmDialog
              open={hosting}
              title={t`Sign in person with ${hostName}?`}
              confirmLabel={t`Open it on this device`}
              onCancel={() => setHosting(false)}
              onConfirm={() => {
                setHosting(false);
                void act.run({ id: form.id, action: 'in-person', order: hostable.order });
              }}
            >
              <p>
                {hostable.action === 'fill' ? (
                  <Trans>
                    The form opens here for {hostName} to fill in on this device; hand it to them. The link emailed to them stops working, and the
                    certificate says you hosted the signature. A code the place asks for is still asked for.
                  </Trans>
                ) : (
                  <Trans>
                    The form opens here for {hostName} to sign on this device; hand it to them. The link emailed to them stops working, and the
                    certificate says you hosted the signature. A code the place asks for is still asked for.
                  </Trans>
                )}
              </p>
            </ConfirmDialog>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
