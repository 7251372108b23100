/**
 * One bulk send (`/bulk-sends/{id}`): a progress bar while its forms are sent (asked
 * again every second, so it survives a reload), how many were sent, opened and completed, the
 * rows not sent and why, and Cancel while it runs. The envelope counter in the header is told
 * as forms are sent, since each uses one.
 */
import type { BulkSend } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const statusText: Record<BulkSend['status'], MessageDescriptor> = {
  sending: msg`Sending`,
  done: msg`Sent`,
  stopped: msg`Stopped: no envelopes were left`,
  cancelled: msg`Cancelled`,
};

export function BulkSendProgress({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const [snapshot, send] = useMachine(bulkSendLogic, inspectOption());
  const { detail, error, notice } = snapshot.context;
  const bulk = detail?.bulk_send ?? null;
  const template = bulk?.template;
  useReportedTitle(template !== undefined ? t`Bulk send of ${template}` : undefined);

  useEffect(() => send({ type: 'bulk.follow', id }), [id, send]);
  const sent = bulk?.sent ?? 0;
  useEffect(() => {
    if (sent > 0) announceEnvelopesChanged();
  }, [sent]);

  if (!bulk)
    return error ? (
      <FormError message={error} />
    ) : (
      <p role="status">
        <Trans>Loading the bulk send…</Trans>
      </p>
    );
  const done = i18n.number(bulk.sent + bulk.unsent);
  const total = i18n.number(bulk.total);
  const status = i18n._(statusText[bulk.status]);
  const fileName = bulk.file_name;
  const sender = bulk.sender;
  const startedAt = formatDateTime(bulk.created_at);
  return (
    <>
      <section className="card" aria-labelledby={titleId}>
        <h2 id={titleId}>
          {bulk.template}: {status}
        </h2>
        <p className="muted">
          {fileName ? (
            <Trans>
              {fileName}, sent by {sender} on {startedAt}
            </Trans>
          ) : (
            <Trans>
              sent by {sender} on {startedAt}
            </Trans>
          )}
        </p>
        <label htmlFor={`${titleId}-bar`}>
          <Trans>
            {done} of {total} rows done
          </Trans>
        </label>
        <progress id={`${titleId}-bar`} value={bulk.sent + bulk.unsent} max={Math.max(1, bulk.total)} />
        <dl className="form-actions">
          <div>
            <dt>
              <Trans>Sent</Trans>
            </dt>
            <dd data-testid="bulk-sent">{i18n.number(bulk.sent)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Opened</Trans>
            </dt>
            <dd data-testid="bulk-opened">{i18n.number(detail?.opened ?? 0)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Completed</Trans>
            </dt>
            <dd data-testid="bulk-completed">{i18n.number(detail?.completed ?? 0)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Not sent</Trans>
            </dt>
            <dd data-testid="bulk-unsent">{i18n.number(bulk.unsent)}</dd>
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
            <Trans>Cancel the bulk send</Trans>
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'bulk.follow', id })}>
            <Trans>Count again</Trans>
          </button>
        )}{' '}
        <Link to="/bulk-sends">
          <Trans>All bulk sends</Trans>
        </Link>
      </section>
      {detail ? (
        <RowProblems
          caption={t`Rows not sent`}
          rows={detail.unsent.map((row) => ({ row: row.row, name: `${row.name} (${row.email})`, reason: row.reason }))}
          total={detail.unsent_total}
        />
      ) : null}
    </>
  );
}
