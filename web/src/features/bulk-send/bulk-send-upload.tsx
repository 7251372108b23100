/**
 * Send a template to many people (`/bulk-sends?template={id}`, designed): download the CSV to
 * fill (its columns are the template's places and fields), choose the filled file, check it
 * (every bad row shown with its number and why; nothing is sent), then send: the send runs on
 * the server and its page (`/bulk-sends/{id}`) follows it. A failed check or send keeps the
 * file, the note and the expiry.
 */
import type { TemplateDetail } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormError } from '../../components/form-error.tsx';
import { bulkSendLogic, bulkSendsCalls } from './bulk-send-logic.ts';
import { RowProblems } from './problem-list.tsx';
import { inspectOption } from '../../session/inspection.ts';
import '../../styles/forms.css';
import '../../styles/lists.css';

export function BulkSendForm({ template }: { template: TemplateDetail }) {
  const { t } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState('');
  const [expiry, setExpiry] = useState('');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [snapshot, send] = useMachine(bulkSendLogic, inspectOption());
  const { context } = snapshot;
  const busy = snapshot.matches('checking') || snapshot.matches('starting');
  const checkedThisFile = context.upload?.file === file;

  useEffect(() => {
    if (snapshot.matches('following') && context.id !== null) void navigate(`/bulk-sends/${context.id}`);
  }, [snapshot, context.id, navigate]);

  const upload = () => ({
    template: template.id,
    file,
    ...(message.trim() ? { message: message.trim() } : {}),
    ...(expiry ? { expires_at: expiry } : {}),
  });
  const check = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    send({ type: 'bulk.check', upload: upload() });
  };
  const download = async (): Promise<void> => {
    setDownloadError(null);
    try {
      saveFile(await bulkSendsCalls.csvTemplate(template.id), `bulk-send-${template.id}.csv`);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : t`The CSV could not be downloaded.`);
    }
  };

  const title = template.title;
  const problems = context.problemsTotal;
  const rows = context.rows;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Send {title} to many people</Trans>
      </h2>
      <p>
        <Trans>
          One row of the CSV is one form: each place&apos;s name and email, and any value to fill in advance. Each form uses one envelope and is sent
          as if you had sent it alone.
        </Trans>
      </p>
      <p>
        <button type="button" className="button button--secondary" onClick={() => void download()}>
          <Trans>Download the CSV template</Trans>
        </button>{' '}
        <Link to="/bulk-sends">
          <Trans>Your bulk sends</Trans>
        </Link>
      </p>
      <FormError message={downloadError} />
      <form onSubmit={check}>
        <div className="field">
          <label htmlFor={`${id}-file`}>
            <Trans>CSV file</Trans>
          </label>
          <input
            id={`${id}-file`}
            className="input"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`}>
            <Trans>Note to every recipient (optional)</Trans>
          </label>
          <textarea
            id={`${id}-message`}
            className="input"
            value={message}
            maxLength={2000}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-expiry`}>
            <Trans>Last day to sign (optional; 30 days when empty)</Trans>
          </label>
          <input id={`${id}-expiry`} className="input" type="date" value={expiry} onChange={(event) => setExpiry(event.currentTarget.value)} />
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy || !file}>
            {snapshot.matches('checking') ? t`Checking…` : t`Check the file`}
          </button>
        </div>
      </form>
      <FormError message={context.error} />
      {snapshot.matches('invalid') ? (
        <>
          <FormError
            message={t`${plural(problems, {
              one: '# row cannot be sent. Nothing was sent: correct the file and check it again.',
              other: '# rows cannot be sent. Nothing was sent: correct the file and check it again.',
            })}`}
          />
          <RowProblems caption={t`Rows that cannot be sent`} rows={context.problems} total={context.problemsTotal} />
        </>
      ) : null}
      {(snapshot.matches('ready') || snapshot.matches('starting')) && checkedThisFile ? (
        <div role="status">
          <p>{t`${plural(rows, { one: 'Every row can be sent: # form, one envelope each.', other: 'Every row can be sent: # forms, one envelope each.' })}`}</p>
          <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'bulk.send' })}>
            {snapshot.matches('starting') ? t`Starting…` : t`${plural(rows, { one: 'Send # form', other: 'Send # forms' })}`}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** Hands the CSV to the browser as a file download (a Blob behind an object URL). */
function saveFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Let the download start before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
