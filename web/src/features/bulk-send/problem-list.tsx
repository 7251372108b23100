import { Trans, useLingui } from '@lingui/react/macro';

/** Rows of a CSV that were not (or cannot be) sent: each row's number in the file and why. */
export function RowProblems({
  caption,
  rows,
  total,
}: {
  caption: string;
  rows: readonly { row: number; reason: string; name?: string }[];
  total: number;
}) {
  const { i18n } = useLingui();
  if (rows.length === 0) return null;
  const shown = rows.length;
  const count = i18n.number(total);
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>
          {total > rows.length ? (
            <Trans>
              {caption} (the first {shown} of {count})
            </Trans>
          ) : (
            caption
          )}
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Row</Trans>
            </th>
            {rows.some((row) => row.name !== undefined) ? (
              <th scope="col">
                <Trans>Name</Trans>
              </th>
            ) : null}
            <th scope="col">
              <Trans>Reason</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row}>
              <td>{row.row}</td>
              {row.name !== undefined ? <td>{row.name}</td> : null}
              <td>{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
