/** The numbers a chart shows: one label per point, one or more named series of values. */
export type ChartKind = 'bar' | 'line' | 'pie';

export interface ChartSeries {
  name: string;
  values: number[];
}

/**
 * A number in hundredths, rounded half away from zero on its shortest decimal form (as people
 * read it, and as Intl rounds: 1.005 → 101), exactly, however large.
 */
function hundredthsOf(magnitude: number): bigint {
  const [digits = '0', exponent] = magnitude.toString().split('e');
  const [whole = '0', fraction = ''] = digits.split('.');
  if (exponent !== undefined) {
    const shift = Number(exponent);
    return shift < 0 ? 0n : BigInt(whole + fraction.padEnd(shift, '0')) * 100n;
  }
  return BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
}

/**
 * A number for people, as en-GB writes it with at most two decimals: `1234.5` → `1,234.5`,
 * and never a minus zero. Written out rather than asked of `Intl.NumberFormat`: the first
 * `Intl` formatter a page makes loads the locale's data, tens of milliseconds of a phone's
 * main thread in the middle of the dashboard's first render.
 */
export function formatNumber(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  const hundredths = hundredthsOf(Math.abs(value));
  const whole = (hundredths / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${value < 0 && hundredths > 0n ? '-' : ''}${whole}${decimals ? `.${decimals}` : ''}`;
}

/** A value with its unit, if it has one: `12.5, 'h'` → `12.5 h`. */
export function formatValue(value: number, unit?: string): string {
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + (Number.isFinite(value) ? value : 0), 0);
}

/** What a chart's kind is called, for its text alternative. */
export const kindNames: Record<ChartKind, string> = { bar: 'Bar chart', line: 'Line chart', pie: 'Pie chart' };
