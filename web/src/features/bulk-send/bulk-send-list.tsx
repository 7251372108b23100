/**
 * Bulk sends (`/bulk-sends`): the newest hundred an administrator's organisation (or
 * anyone else) sent from a CSV, each with its template, status and rows sent, linked to its page.
 */
import type { BulkSend } from '@formsign/sdk';
import { Link } from 'react-router-dom';
import { bulkSendsCalls } from './bulk-send-logic.ts';
import { FormError } from '../../components/form-error.tsx';
import { formatDateTime } from '../../lists/format.ts';
import { useDataGroup } from '../../lists/use-data-group.ts';
import '../../styles/lists.css';

const statusText = { sending: 'Sending', done: 'Sent', stopped: 'Stopped (no envelopes)', cancelled: 'Cancelled' } as const;

export function BulkSendList() {
  const list = useDataGroup(
    'bulk-sends',
    [] as BulkSend[],
    (_none: null, options) => bulkSendsCalls.list(options).then((answer) => answer.data),
    null,
  );
  return (
    <>
      <p>
        Send a template to many people from a CSV: choose it in the <Link to="/listing">Template List</Link>, then Send, &quot;Send to many
        people&quot;.
      </p>
      <FormError message={list.error ? list.message : null} />
      {list.loading ? <p role="status">Loading…</p> : null}
      {!list.loading && !list.error && list.data.length === 0 ? <p>No bulk send yet.</p> : null}
      {list.data.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <caption>Bulk sends</caption>
            <thead>
              <tr>
                <th scope="col">Template</th>
                <th scope="col">File</th>
                <th scope="col">Sender</th>
                <th scope="col">Started</th>
                <th scope="col">Status</th>
                <th scope="col">Sent</th>
                <th scope="col">Not sent</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((bulk) => (
                <tr key={bulk.id}>
                  <td>
                    <Link to={`/bulk-sends/${bulk.id}`}>{bulk.template}</Link>
                  </td>
                  <td>{bulk.file_name}</td>
                  <td>{bulk.sender}</td>
                  <td>{formatDateTime(bulk.created_at)}</td>
                  <td>{statusText[bulk.status]}</td>
                  <td>
                    {bulk.sent} of {bulk.total}
                  </td>
                  <td>{bulk.unsent}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
