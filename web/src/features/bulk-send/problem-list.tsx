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
  if (rows.length === 0) return null;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>
          {caption}
          {total > rows.length ? ` (the first ${rows.length} of ${total.toLocaleString('en-GB')})` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            {rows.some((row) => row.name !== undefined) ? <th scope="col">Name</th> : null}
            <th scope="col">Reason</th>
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
