/**
 * The dashboard's four charts, each added up from the company's form counts (kept up to date
 * by the database as forms change, counted again when the company's time zone changes):
 * - `formsPerMonth`: forms sent and forms completed in each of the last 12 months;
 * - `formsByStatus`: the forms sent in the last 12 months by where they are in their life;
 * - `formsByTemplate`: the same forms by template: the five templates most were sent from, and
 *   the rest together as "Other templates", so both charts count the same forms;
 * - `signingTime`: the average hours from sending to completion of the forms completed each
 *   of the last 12 months (0 in a month without any).
 * Months are those of the company's time zone; deleted forms are not counted.
 */
import type { ChartName, DashboardChart } from '@formsign/sdk/contract';
import type { ServerContext } from '../../context.js';
import { companyTimeZone } from '../../companies/repository.js';
import type { FormStatus } from '../../db/schema.js';
import { firstDay, monthsEnding } from './months.js';
import { countsIn, formsByStatus, formsPerMonth, hoursToComplete, templatesUsed } from './repository.js';

const months = 12;
const topCount = 5;

/** The statuses in the order the chart shows them, with what people call them. */
const statusLabels: [FormStatus, string][] = [
  ['completed', 'Completed'],
  ['sent', 'Sent'],
  ['in_progress', 'In progress'],
  ['awaiting_approval', 'Awaiting approval'],
  ['disapproved', 'Disapproved'],
  ['declined', 'Declined'],
  ['cancelled', 'Cancelled'],
  ['draft', 'Draft'],
];

export async function dashboardChart(ctx: Pick<ServerContext, 'db' | 'now'>, companyId: number, chart: ChartName): Promise<DashboardChart> {
  const timeZone = await companyTimeZone(ctx.db, companyId);
  const span = monthsEnding(ctx.now(), timeZone, months);
  const start = firstDay(span[0] ?? { key: '1970-01', label: '' });
  const labels = span.map((month) => month.label);
  await countsIn(ctx.db, companyId, timeZone);
  switch (chart) {
    case 'formsPerMonth': {
      const rows = await formsPerMonth(ctx.db, companyId, start);
      const valuesOf = (kind: 'sent' | 'completed') => span.map((month) => rows.find((row) => row.kind === kind && row.month === month.key)?.n ?? 0);
      return {
        chart,
        title: 'Forms per month',
        kind: 'bar',
        labels,
        series: [
          { name: 'Sent', values: valuesOf('sent') },
          { name: 'Completed', values: valuesOf('completed') },
        ],
      };
    }
    case 'formsByStatus': {
      const rows = await formsByStatus(ctx.db, companyId, start);
      const shown = statusLabels.flatMap(([status, label]) => {
        const n = rows.find((row) => row.status === status)?.n ?? 0;
        return n > 0 ? [{ label, n }] : [];
      });
      return {
        chart,
        title: 'Forms by status',
        kind: 'pie',
        labels: shown.map((item) => item.label),
        series: [{ name: 'Forms', values: shown.map((item) => item.n) }],
      };
    }
    case 'formsByTemplate': {
      const used = await templatesUsed(ctx.db, companyId, start);
      const others = used.slice(topCount).reduce((sum, row) => sum + row.n, 0);
      const rows = [...used.slice(0, topCount), ...(others > 0 ? [{ title: 'Other templates', n: others }] : [])];
      return {
        chart,
        title: 'Most used templates',
        kind: 'bar',
        labels: rows.map((row) => row.title),
        series: [{ name: 'Forms', values: rows.map((row) => row.n) }],
      };
    }
    case 'signingTime': {
      const rows = await hoursToComplete(ctx.db, companyId, start);
      return {
        chart,
        title: 'Hours to complete',
        kind: 'line',
        labels,
        series: [{ name: 'Average hours', values: span.map((month) => rows.find((row) => row.month === month.key)?.hours ?? 0) }],
      };
    }
  }
}
