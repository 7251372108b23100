/**
 * A chart with a text title and the same numbers as a table. The table sits beside the
 * chart (below it on narrow screens), or, when the page already shows those numbers in a
 * table of its own, the chart names that table. The chart is drawn by chart.js in a worker
 * (`chart-painter.ts`), once it is about to come into view (its numbers show first), so the
 * page stays responsive while it draws; if it cannot be drawn, the table still carries every
 * number.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useRef, useState } from 'react';
import { DataTable, type ListColumn } from '../../lists/data-table.tsx';
import { useParamsEffect } from '../../lists/use-params-effect.ts';
import { formatValue, sum, type ChartKind, type ChartSeries } from './chart-data.ts';
import { paintChart, type PaintedChart } from './chart-painter.ts';

export interface ChartProps {
  title: string;
  kind: ChartKind;
  labels: string[];
  series: ChartSeries[];
  /** The heading level of the title (h2 on its own, h3 inside a section). */
  level?: 2 | 3;
  /** The id of a heading on the page that already shows the title; the chart then shows none of its own. */
  titleId?: string;
  /** What the labels are, e.g. "Month": the first column of the table. */
  labelHeader: string;
  /** The values' unit, written after each number (`h`). */
  unit?: string;
  stacked?: boolean;
  /** The caption of a table on the page that holds the same numbers; the chart then shows no table of its own. */
  numbersIn?: string;
}

/** What a chart's kind is called, for its text alternative. */
const kindNames: Record<ChartKind, MessageDescriptor> = { bar: msg`Bar chart`, line: msg`Line chart`, pie: msg`Pie chart` };

interface ChartRow {
  label: string;
  values: number[];
}

/** The table's columns: the labels, one per series, and each label's share of a pie. */
function chartColumns(labelHeader: string, names: string[], pieTotal: number | null, unit: string | undefined): ListColumn<ChartRow>[] {
  return [
    { id: 'label', header: labelHeader, accessorFn: (row) => row.label },
    ...names.map<ListColumn<ChartRow>>((name, index) => ({
      id: `series-${index}`,
      header: name,
      accessorFn: (row) => row.values[index] ?? 0,
      cell: (info) => <span className="ops-num">{formatValue(info.getValue<number>(), unit)}</span>,
    })),
    ...(pieTotal
      ? [
          {
            id: 'share',
            header: () => <Trans context="part of the total">Share</Trans>,
            accessorFn: (row: ChartRow) => row.values[0] ?? 0,
            cell: (info) => <span className="ops-num">{`${Math.round((info.getValue<number>() / pieTotal) * 100)}%`}</span>,
          } satisfies ListColumn<ChartRow>,
        ]
      : []),
  ];
}

function ChartTable({
  title,
  labelHeader,
  labels,
  series,
  kind,
  unit,
}: Pick<ChartProps, 'title' | 'labelHeader' | 'labels' | 'series' | 'kind' | 'unit'>) {
  const { t } = useLingui();
  const rows: ChartRow[] = labels.map((label, index) => ({ label, values: series.map((one) => one.values[index] ?? 0) }));
  const only = series.length === 1 ? series[0] : undefined;
  const total = only ? sum(only.values) : 0;
  const names = series.map((one) => one.name).join('\n');
  const withShare = kind === 'pie' && only !== undefined && total > 0;
  const columns = useMemo(
    () => chartColumns(labelHeader, names.split('\n'), withShare ? total : null, unit),
    [labelHeader, names, withShare, total, unit],
  );
  return (
    <DataTable
      caption={t`${title}: the numbers`}
      columns={columns}
      rows={rows}
      total={rows.length}
      loading={false}
      empty={t`No numbers to show.`}
      getRowId={(row) => row.label}
    />
  );
}

export function Chart({ title, kind, labels, series, level = 2, titleId, labelHeader, unit, stacked, numbersIn }: ChartProps) {
  const ownId = useId();
  const headingId = titleId ?? ownId;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'waiting' | 'drawn' | 'failed'>('waiting');
  const { t, i18n } = useLingui();
  const language = i18n.locale;
  // Drawn again when what it shows changes (by value); the worker starts with the first chart.
  useParamsEffect({ kind, labels, series, stacked, unit, language }, (input) => {
    const element = canvas.current;
    if (!element) return;
    let painted: PaintedChart | null = null;
    let cancelled = false;
    const draw = (): void => {
      try {
        painted = paintChart(element, input, {
          drawn: () => {
            if (!cancelled) setState('drawn');
          },
          failed: () => {
            if (!cancelled) setState('failed');
          },
        });
      } catch {
        // No worker or no OffscreenCanvas in this browser: the table has the numbers.
        setState('failed');
      }
    };
    // The numbers show first; the chart is drawn once it is (nearly) on screen.
    const seen =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              seen?.disconnect();
              draw();
            },
            { rootMargin: '200px' },
          );
    if (seen) seen.observe(element);
    else draw();
    return () => {
      cancelled = true;
      seen?.disconnect();
      painted?.erase();
    };
  });

  const Heading = level === 2 ? 'h2' : 'h3';
  const kindName = i18n._(kindNames[kind]);
  const label = numbersIn
    ? t`${kindName}: ${title}. The numbers are in the table “${numbersIn}”.`
    : t`${kindName}: ${title}. The numbers are in the table beside it.`;
  return (
    <figure className={`ops-chart${numbersIn ? ' ops-chart--alone' : ''}`} aria-labelledby={headingId}>
      {titleId ? null : (
        <Heading id={headingId} className="ops-chart__title">
          {title}
        </Heading>
      )}
      <div className="ops-chart__body">
        <div className="ops-chart__canvas" data-state={state}>
          <canvas ref={canvas} role="img" aria-label={label} />
          {state === 'failed' ? (
            <p className="ops-quiet ops-chart__note">
              <Trans>The chart could not be drawn; the table has every number.</Trans>
            </p>
          ) : null}
        </div>
        {numbersIn ? null : (
          <div className="ops-chart__table">
            <ChartTable title={title} labelHeader={labelHeader} labels={labels} series={series} kind={kind} unit={unit} />
          </div>
        )}
      </div>
    </figure>
  );
}
