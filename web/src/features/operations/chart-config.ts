/**
 * What a chart looks like in chart.js 4, and the messages the page and the chart worker
 * exchange (`chart.worker.ts` draws, `chart-painter.ts` asks). The page imports only types
 * from here: chart.js itself runs in the worker.
 */
import type { ChartConfiguration } from 'chart.js';
import { formatNumberIn, type ChartKind, type ChartSeries } from './chart-data.ts';

/** The app's colours, in an order that keeps neighbours apart (also for colour-blind readers). */
const palette = ['#1f4e8c', '#0f7b6c', '#c8741a', '#8e3b8a', '#b42318', '#5b8fd1', '#6b7686', '#3d9970'];

/** What a chart shows. Plain data: it crosses to the worker. */
export interface DrawInput {
  kind: ChartKind;
  labels: string[];
  series: ChartSeries[];
  stacked?: boolean;
  /** The values' unit (`h`), written after each number. */
  unit?: string;
  /** The language shown, which writes the numbers (the worker has no words of its own). */
  language: string;
}

/** The size a chart takes on the page, in CSS pixels, and the screen's pixels to one of them. */
export interface ChartSize {
  width: number;
  height: number;
  ratio: number;
}

/** What the page asks of the worker; `id` names one canvas of the page. */
export type ChartRequest =
  | { type: 'draw'; id: number; canvas?: OffscreenCanvas; input: DrawInput; size: ChartSize }
  | { type: 'resize'; id: number; size: ChartSize }
  | { type: 'pointer'; id: number; event: 'mousemove' | 'mouseout' | 'click'; x: number; y: number }
  | { type: 'erase'; id: number; release: boolean };

/** What the worker answers: a chart drawn, or one it could not draw. */
export type ChartReply = { type: 'drawn'; id: number } | { type: 'failed'; id: number; message: string };

export function chartConfiguration({ kind, labels, series, stacked = false, unit, language }: DrawInput, ratio: number): ChartConfiguration {
  const pie = kind === 'pie';
  const format = (value: number): string => (unit ? `${formatNumberIn(value, language)} ${unit}` : formatNumberIn(value, language));
  return {
    type: kind,
    data: {
      labels,
      datasets: series.map((one, index) => {
        const colour = palette[index % palette.length] ?? '#1f4e8c';
        return pie
          ? {
              label: one.name,
              data: one.values,
              backgroundColor: labels.map((_, at) => palette[at % palette.length] ?? colour),
              borderColor: '#ffffff',
              borderWidth: 2,
            }
          : {
              label: one.name,
              data: one.values,
              backgroundColor: kind === 'line' ? `${colour}22` : colour,
              borderColor: colour,
              borderWidth: kind === 'line' ? 2.5 : 0,
              borderRadius: kind === 'bar' ? 4 : 0,
              pointRadius: 4,
              pointBackgroundColor: colour,
              tension: 0.25,
              fill: kind === 'line' && series.length === 1,
            };
      }),
    },
    options: {
      // The worker sizes the chart as the page tells it (an OffscreenCanvas has no layout of its own).
      responsive: false,
      devicePixelRatio: ratio,
      plugins: {
        legend: { display: pie || series.length > 1, position: pie ? 'right' : 'top', labels: { boxWidth: 12, boxHeight: 12 } },
        tooltip: {
          callbacks: {
            label: (item) => `${pie ? String(item.label) : (item.dataset.label ?? '')}: ${format(Number(item.raw))}`,
          },
        },
      },
      scales: pie
        ? {}
        : {
            x: { stacked, grid: { display: false }, ticks: { autoSkip: false, maxRotation: 30 } },
            y: { stacked, beginAtZero: true, grid: { color: '#eceff4' }, ticks: { callback: (value) => format(Number(value)) } },
          },
    },
  };
}
