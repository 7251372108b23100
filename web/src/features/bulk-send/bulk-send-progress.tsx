/**
 * One bulk send (`/bulk-sends/{id}`): a progress bar while its forms are sent (asked
 * again every second, so it survives a reload), how many were sent, opened and completed, the
 * rows not sent and why, and Cancel while it runs. The envelope counter in the header is told
 * as forms are sent, since each uses one.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { bulkSendLogic } from './bulk-send-logic.ts';
import { RowProblems } from './problem-list.tsx';
import { formatDateTime } from '../../lists/format.ts';
import { inspectOption } from '../../session/inspection.ts';
import { announceEnvelopesChanged } from '../../shell/envelope-changes.ts';
import { useReportedTitle } from '../../shell/page-title.tsx';
import '../../styles/lists.css';

const statusText = {
  sending: 'Sending',
  done: 'Sent',
  stopped: 'Stopped: no envelopes were left',
  cancelled: 'Cancelled',
} as const;

export function BulkSendProgress({ id }: { id: number }) {
  const titleId = useId();
  const [snapshot, send] = useMachine(bulkSendLogic, inspectOption());
  const { detail, error, notice } = snapshot.context;
  const bulk = detail?.bulk_send ?? null;
  useReportedTitle(bulk ? `Bulk send of ${bulk.template}` : undefined);

  useEffect(() => send({ type: 'bulk.follow', id }), [id, send]);
  const sent = bulk?.sent ?? 0;
  useEffect(() => {
    if (sent > 0) announceEnvelopesChanged();
  }, [sent]);

  if (!bulk) return error ? <FormError message={error} /> : <p role="status">Loading the bulk send…</p>;
  const done = bulk.sent + bulk.unsent;
  return (
    <>
      <section className="card" aria-labelledby={titleId}>
        <h2 id={titleId}>
          {bulk.template}: {statusText[bulk.status]}
        </h2>
        <p className="muted">
          {bulk.file_name ? `${bulk.file_name}, ` : ''}sent by {bulk.sender} on {formatDateTime(bulk.created_at)}
        </p>
        <label htmlFor={`${titleId}-bar`}>
          {done.toLocaleString('en-GB')} of {bulk.total.toLocaleString('en-GB')} rows done
        </label>
        <progress id={`${titleId}-bar`} value={done} max={Math.max(1, bulk.total)} />
        <dl className="form-actions">
          <div>
            <dt>Sent</dt>
            <dd data-testid="bulk-sent">{bulk.sent.toLocaleString('en-GB')}</dd>
          </div>
          <div>
            <dt>Opened</dt>
            <dd data-testid="bulk-opened">{(detail?.opened ?? 0).toLocaleString('en-GB')}</dd>
          </div>
          <div>
            <dt>Completed</dt>
            <dd data-testid="bulk-completed">{(detail?.completed ?? 0).toLocaleString('en-GB')}</dd>
          </div>
          <div>
            <dt>Not sent</dt>
            <dd data-testid="bulk-unsent">{bulk.unsent.toLocaleString('en-GB')}</dd>
          </div>
        </dl>
        <FormSuccess message={notice} />
        <FormError message={error} />
        {bulk.status === 'sending' ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={snapshot.matches({ following: 'cancelling' })}
            onClick={() => send({ type: 'bulk.cancel' })}
          >
            Cancel the bulk send
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'bulk.follow', id })}>
            Count again
          </button>
        )}{' '}
        <Link to="/bulk-sends">All bulk sends</Link>
      </section>
      {detail ? (
        <RowProblems
          caption="Rows not sent"
          rows={detail.unsent.map((row) => ({ row: row.row, name: `${row.name} (${row.email})`, reason: row.reason }))}
          total={detail.unsent_total}
        />
      ) : null}
    </>
  );
}
