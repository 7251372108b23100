/**
 * A pivot as a table: one row per value of the row field, one column per value of the column
 * field, with the total of each row and each column and the grand total.
 */
import type { Pivot } from '@formsign/sdk';
import { Trans } from '@lingui/react/macro';
import { formatNumber, sum } from './chart-data.ts';

export interface PivotTableProps {
  pivot: Pivot;
  caption: string;
  rowLabel: string;
  columnLabel: string;
}

export function PivotTable({ pivot, caption, rowLabel, columnLabel }: PivotTableProps) {
  const rowTotals = pivot.rows.map((_, index) => sum(pivot.cells[index] ?? []));
  const columnTotals = pivot.columns.map((_, column) => sum(pivot.cells.map((cells) => cells[column] ?? 0)));
  return (
    <div className="table-wrap">
      <table className="table ops-totals-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>
                {rowLabel} <span className="ops-quiet">by</span> {columnLabel}
              </Trans>
            </th>
            {pivot.columns.map((column) => (
              <th key={column} scope="col" className="num">
                {column}
              </th>
            ))}
            <th scope="col" className="num">
              <Trans>Total</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {pivot.rows.map((row, index) => (
            <tr key={row}>
              <th scope="row">{row}</th>
              {pivot.columns.map((column, at) => (
                <td key={column}>{formatNumber(pivot.cells[index]?.[at] ?? 0)}</td>
              ))}
              <td className="ops-total">{formatNumber(rowTotals[index])}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            {columnTotals.map((total, at) => (
              <td key={pivot.columns[at]}>{formatNumber(total)}</td>
            ))}
            <td>{formatNumber(sum(rowTotals))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
