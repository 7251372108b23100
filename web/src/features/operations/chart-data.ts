/**
 * The numbers a chart shows: one label per point, one or more named series of values. The
 * chart worker uses it too (chart-config.ts), where no macro is compiled: no words here.
 */
import { i18n } from '@lingui/core';

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

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number for people in `language`, with at most two decimals and never a minus zero. In
 * English as en-GB writes it (`1234.5` → `1,234.5`), written out rather than asked of
 * `Intl.NumberFormat`: the first `Intl` formatter a page makes loads the locale's data, tens
 * of milliseconds of a phone's main thread in the middle of the dashboard's first render.
 * Another language, whose words are loaded anyway, asks `Intl` (`1.234,5` in German).
 */
export function formatNumberIn(value: number | null | undefined, language: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  if (language && language !== 'en') {
    let format = numberFormats.get(language);
    if (!format) {
      format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
      numberFormats.set(language, format);
    }
    return format.format(Math.abs(value) < 0.005 ? 0 : value);
  }
  const hundredths = hundredthsOf(Math.abs(value));
  const whole = (hundredths / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${value < 0 && hundredths > 0n ? '-' : ''}${whole}${decimals ? `.${decimals}` : ''}`;
}

/** A number for people in the language shown (see `formatNumberIn`). */
export function formatNumber(value: number | null | undefined): string {
  return formatNumberIn(value, i18n.locale);
}

/** A value with its unit, if it has one, in the language shown: `12.5, 'h'` → `12.5 h`. */
export function formatValue(value: number, unit?: string): string {
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + (Number.isFinite(value) ? value : 0), 0);
}

/**
 * A name (a series', a field's) inside a sentence of the language shown: lower case, as
 * English, French and Spanish write a noun there; German keeps its nouns' capitals.
 */
export function inSentence(name: string, language: string): string {
  return language === 'de' ? name : name.toLowerCase();
}
