/**
 * Bulk sends (`/bulk-sends`): the newest hundred an administrator's organisation (or
 * anyone else) sent from a CSV, each with its template, status and rows sent, linked to its page.
 */
import type { BulkSend } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { bulkSendsCalls } from './bulk-send-logic.ts';
import { FormError } from '../../components/form-error.tsx';
import { formatDateTime } from '../../lists/format.ts';
import { useDataGroup } from '../../lists/use-data-group.ts';
import '../../styles/lists.css';

const statusText: Record<BulkSend['status'], MessageDescriptor> = {
  sending: msg`Sending`,
  done: msg`Sent`,
  stopped: msg`Stopped (no envelopes)`,
  cancelled: msg`Cancelled`,
};

export function BulkSendList() {
  const { i18n } = useLingui();
  const list = useDataGroup(
    'bulk-sends',
    [] as BulkSend[],
    (_none: null, options) => bulkSendsCalls.list(options).then((answer) => answer.data),
    null,
  );
  return (
    <>
      <p>
        <Trans>
          Send a template to many people from a CSV: choose it in the <Link to="/listing">Template List</Link>, then Send, &quot;Send to many
          people&quot;.
        </Trans>
      </p>
      <FormError message={list.error ? list.message : null} />
      {list.loading ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {!list.loading && !list.error && list.data.length === 0 ? (
        <p>
          <Trans>No bulk send yet.</Trans>
        </p>
      ) : null}
      {list.data.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <caption>
              <Trans>Bulk sends</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Template</Trans>
                </th>
                <th scope="col">
                  <Trans>File</Trans>
                </th>
                <th scope="col">
                  <Trans>Sender</Trans>
                </th>
                <th scope="col">
                  <Trans>Started</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Sent</Trans>
                </th>
                <th scope="col">
                  <Trans>Not sent</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((bulk) => {
                const sent = bulk.sent;
                const total = bulk.total;
                return (
                  <tr key={bulk.id}>
                    <td>
                      <Link to={`/bulk-sends/${bulk.id}`}>{bulk.template}</Link>
                    </td>
                    <td>{bulk.file_name}</td>
                    <td>{bulk.sender}</td>
                    <td>{formatDateTime(bulk.created_at)}</td>
                    <td>{i18n._(statusText[bulk.status])}</td>
                    <td>
                      <Trans>
                        {sent} of {total}
                      </Trans>
                    </td>
                    <td>{bulk.unsent}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
