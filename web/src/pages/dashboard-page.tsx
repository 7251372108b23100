/**
 * Dashboard (`/dashboard`, `POST /get-dashboard { selectedChart }`). The specification shows
 * no content, so the page is designed around the contract's four charts: the person picks one
 * (tabs, kept in the URL as `?chart=`), sees it drawn the way its answer says (`kind`: bar,
 * line or pie) beside a table of the same numbers, a few headline figures (totals, or the
 * latest, lowest and highest of a trend), and a link to the list behind the numbers.
 */
import type { ChartName, DashboardChart } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { analyticsApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { Tabs, type Tab } from '../components/tabs.tsx';
import { ListFailure } from '../lists/data-table.tsx';
import { useDataGroup } from '../lists/use-data-group.ts';
import { Chart } from '../features/operations/chart.tsx';
import { formatValue, inSentence, sum } from '../features/operations/chart-data.ts';
import { LoadingState } from '../features/operations/loading-state.tsx';
import '../styles/operations.css';

const analyticsCalls = area(analyticsApi);

interface ChartChoice {
  key: ChartName;
  label: MessageDescriptor;
  /** What the labels are. */
  labelHeader: MessageDescriptor;
  /** The unit of its values, if they have one (`h`). */
  unit?: string;
  /** The list behind the numbers. */
  link: { to: string; text: MessageDescriptor };
}

const choices: readonly ChartChoice[] = [
  { key: 'formsPerMonth', label: msg`Forms per month`, labelHeader: msg`Month`, link: { to: '/completed', text: msg`See completed forms` } },
  { key: 'formsByStatus', label: msg`Forms by status`, labelHeader: msg`Status`, link: { to: '/workflow', text: msg`See forms in progress` } },
  { key: 'formsByTemplate', label: msg`Forms by template`, labelHeader: msg`Template`, link: { to: '/listing', text: msg`See the templates` } },
  {
    key: 'signingTime',
    label: msg`Time to complete`,
    labelHeader: msg`Month`,
    unit: 'h',
    link: { to: '/pending', text: msg`See forms awaiting action` },
  },
];

/** The headline figures of a chart: totals of counts, or the latest, lowest and highest of a trend. */
function HeadlineFigures({ chart, unit }: { chart: DashboardChart; unit: string | undefined }) {
  const { t, i18n } = useLingui();
  const format = (value: number): string => formatValue(value, unit);
  const figures: { label: string; value: string }[] = [];
  if (chart.kind === 'line') {
    for (const series of chart.series) {
      const last = series.values.length - 1;
      if (last < 0) continue;
      const low = Math.min(...series.values);
      const high = Math.max(...series.values);
      const name = series.name;
      const latestLabel = chart.labels[last] ?? '';
      const lowestLabel = chart.labels[series.values.indexOf(low)] ?? '';
      const highestLabel = chart.labels[series.values.indexOf(high)] ?? '';
      figures.push({ label: t`${name}, latest (${latestLabel})`, value: format(series.values[last] ?? 0) });
      figures.push({ label: t`Lowest (${lowestLabel})`, value: format(low) });
      figures.push({ label: t`Highest (${highestLabel})`, value: format(high) });
    }
  } else {
    for (const { name, values } of chart.series) figures.push({ label: t`${name}, in total`, value: format(sum(values)) });
    const only = chart.series.length === 1 ? chart.series[0] : undefined;
    if (only && only.values.length > 1 && sum(only.values) > 0) {
      const top = Math.max(...only.values);
      const share = chart.kind === 'pie' ? `${Math.round((top / sum(only.values)) * 100)}%` : format(top);
      const topLabel = chart.labels[only.values.indexOf(top)] ?? '';
      figures.push({ label: t`Most: ${topLabel}`, value: share });
    }
    const [first, second] = chart.series;
    if (first && second && sum(first.values) > 0) {
      const part = second.name;
      const whole = inSentence(first.name, i18n.locale);
      figures.push({
        label: t`${part} of ${whole}`,
        value: `${Math.round((sum(second.values) / sum(first.values)) * 100)}%`,
      });
    }
  }
  if (figures.length === 0) return null;
  return (
    <dl className="ops-figures">
      {figures.map((figure) => (
        <div key={figure.label} className="stat ops-figure">
          <dt className="stat__label">{figure.label}</dt>
          <dd className="stat__value">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DashboardChartPanel({ choice }: { choice: ChartChoice }) {
  const { t, i18n } = useLingui();
  const chart = useDataGroup<DashboardChart | null, ChartName>(
    'dashboard',
    null,
    (selectedChart, options) => analyticsCalls.dashboard(selectedChart, options),
    choice.key,
  );
  const data = chart.data;
  const empty = data !== null && (data.labels.length === 0 || data.series.every((series) => series.values.length === 0));
  return (
    <section className="card" aria-labelledby="dashboard-chart-heading" aria-busy={chart.loading}>
      <div className="ops-section-head">
        <h2 id="dashboard-chart-heading">{data?.title ?? i18n._(choice.label)}</h2>
        <div className="form-actions ops-section-head__actions">
          <button type="button" className="button button--secondary button--small" onClick={chart.refetch}>
            <Trans>Refresh</Trans>
          </button>
          <Link className="button button--ghost button--small" to={choice.link.to}>
            {i18n._(choice.link.text)}
          </Link>
        </div>
      </div>
      {chart.loading ? <LoadingState label={t`Loading the chart…`} /> : null}
      {chart.error ? <ListFailure message={chart.message ?? ''} onRetry={chart.refetch} /> : null}
      {!chart.loading && data && empty ? (
        <div className="empty-state">
          <Trans>No forms to count yet. Once forms are sent, this chart fills in.</Trans>
        </div>
      ) : null}
      {!chart.loading && data && !empty ? (
        <>
          <HeadlineFigures chart={data} unit={choice.unit} />
          <Chart
            title={data.title}
            titleId="dashboard-chart-heading"
            kind={data.kind}
            labels={data.labels}
            series={data.series}
            labelHeader={i18n._(choice.labelHeader)}
            unit={choice.unit}
          />
        </>
      ) : null}
    </section>
  );
}

export default function DashboardPage() {
  const { t, i18n } = useLingui();
  const tabs: Tab[] = choices.map((choice) => ({
    key: choice.key,
    label: i18n._(choice.label),
    content: () => <DashboardChartPanel choice={choice} />,
  }));
  return (
    <div className="page">
      <p className="ops-quiet ops-intro">
        <Trans>How your forms are doing: pick a chart to see its numbers.</Trans>
      </p>
      <Tabs tabs={tabs} label={t`Charts`} param="chart" />
    </div>
  );
}
