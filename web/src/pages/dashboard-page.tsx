/**
 * Dashboard (`/dashboard`, `POST /get-dashboard { selectedChart }`). The specification shows
 * no content, so the page is designed around the contract's four charts: the person picks one
 * (tabs, kept in the URL as `?chart=`), sees it drawn the way its answer says (`kind`: bar,
 * line or pie) beside a table of the same numbers, a few headline figures (totals, or the
 * latest, lowest and highest of a trend), and a link to the list behind the numbers.
 */
import type { ChartName, DashboardChart } from '@formsign/sdk';
import { Link } from 'react-router-dom';
import { analyticsApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { Tabs, type Tab } from '../components/tabs.tsx';
import { ListFailure } from '../lists/data-table.tsx';
import { useDataGroup } from '../lists/use-data-group.ts';
import { Chart } from '../features/operations/chart.tsx';
import { formatValue, sum } from '../features/operations/chart-data.ts';
import { LoadingState } from '../features/operations/loading-state.tsx';
import '../styles/operations.css';

const analyticsCalls = area(analyticsApi);

interface ChartChoice {
  key: ChartName;
  label: string;
  /** What the labels are. */
  labelHeader: string;
  /** The unit of its values, if they have one (`h`). */
  unit?: string;
  /** The list behind the numbers. */
  link: { to: string; text: string };
}

const choices: readonly ChartChoice[] = [
  { key: 'formsPerMonth', label: 'Forms per month', labelHeader: 'Month', link: { to: '/completed', text: 'See completed forms' } },
  { key: 'formsByStatus', label: 'Forms by status', labelHeader: 'Status', link: { to: '/workflow', text: 'See forms in progress' } },
  { key: 'formsByTemplate', label: 'Forms by template', labelHeader: 'Template', link: { to: '/listing', text: 'See the templates' } },
  { key: 'signingTime', label: 'Time to complete', labelHeader: 'Month', unit: 'h', link: { to: '/pending', text: 'See forms awaiting action' } },
];

/** The headline figures of a chart: totals of counts, or the latest, lowest and highest of a trend. */
function HeadlineFigures({ chart, unit }: { chart: DashboardChart; unit: string | undefined }) {
  const format = (value: number): string => formatValue(value, unit);
  const figures: { label: string; value: string }[] = [];
  if (chart.kind === 'line') {
    for (const series of chart.series) {
      const last = series.values.length - 1;
      if (last < 0) continue;
      const low = Math.min(...series.values);
      const high = Math.max(...series.values);
      figures.push({ label: `${series.name}, latest (${chart.labels[last] ?? ''})`, value: format(series.values[last] ?? 0) });
      figures.push({ label: `Lowest (${chart.labels[series.values.indexOf(low)] ?? ''})`, value: format(low) });
      figures.push({ label: `Highest (${chart.labels[series.values.indexOf(high)] ?? ''})`, value: format(high) });
    }
  } else {
    for (const series of chart.series) figures.push({ label: `${series.name}, in total`, value: format(sum(series.values)) });
    const only = chart.series.length === 1 ? chart.series[0] : undefined;
    if (only && only.values.length > 1 && sum(only.values) > 0) {
      const top = Math.max(...only.values);
      const share = chart.kind === 'pie' ? `${Math.round((top / sum(only.values)) * 100)}%` : format(top);
      figures.push({ label: `Most: ${chart.labels[only.values.indexOf(top)] ?? ''}`, value: share });
    }
    const [first, second] = chart.series;
    if (first && second && sum(first.values) > 0) {
      figures.push({
        label: `${second.name} of ${first.name.toLowerCase()}`,
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
        <h2 id="dashboard-chart-heading">{data?.title ?? choice.label}</h2>
        <div className="form-actions ops-section-head__actions">
          <button type="button" className="button button--secondary button--small" onClick={chart.refetch}>
            Refresh
          </button>
          <Link className="button button--ghost button--small" to={choice.link.to}>
            {choice.link.text}
          </Link>
        </div>
      </div>
      {chart.loading ? <LoadingState label="Loading the chart…" /> : null}
      {chart.error ? <ListFailure message={chart.message ?? ''} onRetry={chart.refetch} /> : null}
      {!chart.loading && data && empty ? <div className="empty-state">No forms to count yet. Once forms are sent, this chart fills in.</div> : null}
      {!chart.loading && data && !empty ? (
        <>
          <HeadlineFigures chart={data} unit={choice.unit} />
          <Chart
            title={data.title}
            titleId="dashboard-chart-heading"
            kind={data.kind}
            labels={data.labels}
            series={data.series}
            labelHeader={choice.labelHeader}
            unit={choice.unit}
          />
        </>
      ) : null}
    </section>
  );
}

const tabs: readonly Tab[] = choices.map((choice) => ({
  key: choice.key,
  label: choice.label,
  content: () => <DashboardChartPanel choice={choice} />,
}));

export default function DashboardPage() {
  return (
    <div className="page">
      <p className="ops-quiet ops-intro">How your forms are doing: pick a chart to see its numbers.</p>
      <Tabs tabs={tabs} label="Charts" param="chart" />
    </div>
  );
}
