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
import { msg, type Words } from '#words';
import { say as sayIn, type Language } from '../../i18n/i18n.js';

const months = 12;
const topCount = 5;

const chartTexts = {
  completed: msg({ message: 'Completed' }),
  sent: msg({ message: 'Sent' }),
  inProgress: msg({ message: 'In progress' }),
  awaitingApproval: msg({ message: 'Awaiting approval' }),
  disapproved: msg({ message: 'Disapproved' }),
  declined: msg({ message: 'Declined' }),
  cancelled: msg({ message: 'Cancelled' }),
  draft: msg({ message: 'Draft' }),
  formsPerMonth: msg({ message: 'Forms per month' }),
  formsByStatus: msg({ message: 'Forms by status' }),
  forms: msg({ message: 'Forms' }),
  otherTemplates: msg({ message: 'Other templates' }),
  mostUsedTemplates: msg({ message: 'Most used templates' }),
  hoursToComplete: msg({ message: 'Hours to complete' }),
  averageHours: msg({ message: 'Average hours' }),
};

/** The statuses in the order the chart shows them, with what people call them. */
const statusLabels: [FormStatus, Words][] = [
  ['completed', chartTexts.completed],
  ['sent', chartTexts.sent],
  ['in_progress', chartTexts.inProgress],
  ['awaiting_approval', chartTexts.awaitingApproval],
  ['disapproved', chartTexts.disapproved],
  ['declined', chartTexts.declined],
  ['cancelled', chartTexts.cancelled],
  ['draft', chartTexts.draft],
];

export async function dashboardChart(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  companyId: number,
  chart: ChartName,
  language: Language = 'en',
): Promise<DashboardChart> {
  const say = (words: Words): string => sayIn(language, words);
  const timeZone = await companyTimeZone(ctx.db, companyId);
  const span = monthsEnding(ctx.now(), timeZone, months, language);
  const start = firstDay(span[0] ?? { key: '1970-01', label: '' });
  const labels = span.map((month) => month.label);
  await countsIn(ctx.db, companyId, timeZone);
  switch (chart) {
    case 'formsPerMonth': {
      const rows = await formsPerMonth(ctx.db, companyId, start);
      const valuesOf = (kind: 'sent' | 'completed') => span.map((month) => rows.find((row) => row.kind === kind && row.month === month.key)?.n ?? 0);
      return {
        chart,
        title: say(chartTexts.formsPerMonth),
        kind: 'bar',
        labels,
        series: [
          { name: say(chartTexts.sent), values: valuesOf('sent') },
          { name: say(chartTexts.completed), values: valuesOf('completed') },
        ],
      };
    }
    case 'formsByStatus': {
      const rows = await formsByStatus(ctx.db, companyId, start);
      const shown = statusLabels.flatMap(([status, label]) => {
        const n = rows.find((row) => row.status === status)?.n ?? 0;
        return n > 0 ? [{ label: say(label), n }] : [];
      });
      return {
        chart,
        title: say(chartTexts.formsByStatus),
        kind: 'pie',
        labels: shown.map((item) => item.label),
        series: [{ name: say(chartTexts.forms), values: shown.map((item) => item.n) }],
      };
    }
    case 'formsByTemplate': {
      const used = await templatesUsed(ctx.db, companyId, start);
      const others = used.slice(topCount).reduce((sum, row) => sum + row.n, 0);
      const rows = [...used.slice(0, topCount), ...(others > 0 ? [{ title: say(chartTexts.otherTemplates), n: others }] : [])];
      return {
        chart,
        title: say(chartTexts.mostUsedTemplates),
        kind: 'bar',
        labels: rows.map((row) => row.title),
        series: [{ name: say(chartTexts.forms), values: rows.map((row) => row.n) }],
      };
    }
    case 'signingTime': {
      const rows = await hoursToComplete(ctx.db, companyId, start);
      return {
        chart,
        title: say(chartTexts.hoursToComplete),
        kind: 'line',
        labels,
        series: [{ name: say(chartTexts.averageHours), values: span.map((month) => rows.find((row) => row.month === month.key)?.hours ?? 0) }],
      };
    }
  }
}
