/** The time-and-attendance report: hours worked, visits and late arrivals per person or per day, with totals. */
import type { TnaReport } from '@formsign/sdk';
import { Trans } from '@lingui/react/macro';
import { formatDate, useDateStyle } from '../../lists/format.ts';
import { formatNumber, sum } from './chart-data.ts';

export function reportKey(report: TnaReport, key: string): string {
  return report.group === 'day' ? formatDate(key) : key;
}

export function TimeReportTable({ report, caption }: { report: TnaReport; caption: string }) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const hours = sum(report.rows.map((row) => row.staff_hours));
  const visits = sum(report.rows.map((row) => row.visits));
  const late = sum(report.rows.map((row) => row.late_arrivals));
  return (
    <div className="table-wrap">
      <table className="table ops-totals-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{report.group === 'day' ? <Trans>Day</Trans> : <Trans>Person</Trans>}</th>
            <th scope="col" className="num">
              <Trans>Staff hours</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Visits</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Late arrivals</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{reportKey(report, row.key)}</th>
              <td>{formatNumber(row.staff_hours)}</td>
              <td>{formatNumber(row.visits)}</td>
              <td>{formatNumber(row.late_arrivals)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            <td>{formatNumber(hours)}</td>
            <td>{formatNumber(visits)}</td>
            <td>{formatNumber(late)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
