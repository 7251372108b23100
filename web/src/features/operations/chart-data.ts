/** The numbers a chart shows: one label per point, one or more named series of values. */
export type ChartKind = 'bar' | 'line' | 'pie';

export interface ChartSeries {
  name: string;
  values: number[];
}

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** A number for people: `1234.5` → `1,234.5`. */
export function formatNumber(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? number.format(value) : '—';
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + (Number.isFinite(value) ? value : 0), 0);
}

/** What a chart's kind is called, for its text alternative. */
export const kindNames: Record<ChartKind, string> = { bar: 'Bar chart', line: 'Line chart', pie: 'Pie chart' };
