/**
 * Draws a chart on a canvas with chart.js 4. Only the controllers, elements, scales and
 * plugins the operations pages use are registered, so the rest of chart.js is left out of
 * the build. This module is loaded on demand by `chart.tsx`: chart.js is its own chunk,
 * shared by every page with a chart.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import type { ChartKind, ChartSeries } from './chart-data.ts';

Chart.register(BarController, LineController, PieController, BarElement, LineElement, PointElement, ArcElement, CategoryScale, LinearScale, Legend, Tooltip);
Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
Chart.defaults.color = '#4a5566';

/** The app's colours, in an order that keeps neighbours apart (also for colour-blind readers). */
const palette = ['#1f4e8c', '#0f7b6c', '#c8741a', '#8e3b8a', '#b42318', '#5b8fd1', '#6b7686', '#3d9970'];

export interface DrawInput {
  kind: ChartKind;
  labels: string[];
  series: ChartSeries[];
  stacked?: boolean;
  format(value: number): string;
}

export function drawChart(canvas: HTMLCanvasElement, { kind, labels, series, stacked = false, format }: DrawInput): Chart {
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const pie = kind === 'pie';
  const config: ChartConfiguration = {
    type: kind,
    data: {
      labels,
      datasets: series.map((one, index) => {
        const colour = palette[index % palette.length] ?? '#1f4e8c';
        return pie
          ? { label: one.name, data: one.values, backgroundColor: labels.map((_, at) => palette[at % palette.length] ?? colour), borderColor: '#ffffff', borderWidth: 2 }
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
      responsive: true,
      maintainAspectRatio: false,
      animation: still ? false : { duration: 300 },
      plugins: {
        legend: { display: pie || series.length > 1, position: pie ? 'right' : 'top', labels: { boxWidth: 12, boxHeight: 12 } },
        tooltip: {
          callbacks: {
            label: (item) => `${pie ? String(item.label) : item.dataset.label ?? ''}: ${format(Number(item.raw))}`,
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
  return new Chart(canvas, config);
}
