import { describe, expect, it } from 'vitest';
import { formatNumber, formatValue } from './chart-data.ts';

/** What en-GB writes, by the platform's own formatter (which the app does without, for speed); a minus zero reads as zero. */
const intl = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const expected = (value: number): string => intl.format(value).replace(/^-0$/, '0');

describe('formatNumber', () => {
  it('writes numbers as en-GB does, with at most two decimals', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(917)).toBe('917');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(-1234567.891)).toBe('-1,234,567.89');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
  });

  it('rounds half away from zero on the decimal form people read', () => {
    expect(formatNumber(1.005)).toBe('1.01');
    expect(formatNumber(2.675)).toBe('2.68');
    expect(formatNumber(999.995)).toBe('1,000');
    expect(formatNumber(-0.015)).toBe('-0.02');
    expect(formatNumber(0.0049)).toBe('0');
  });

  it('never writes a minus zero', () => {
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-0.004)).toBe('0');
  });

  it('writes every digit of very large and very small numbers', () => {
    expect(formatNumber(1.234e25)).toBe('12,340,000,000,000,000,000,000,000');
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatNumber(1.5e-7)).toBe('0');
  });

  it('shows a dash for what is not a number', () => {
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(undefined)).toBe('—');
  });

  it('agrees with Intl.NumberFormat over many numbers of every size', () => {
    // A fixed sequence (xorshift), so a disagreement shows the same number on every run.
    let seed = 0x2545f491;
    const next = (): number => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 0x1_0000_0000;
    };
    const disagreements: string[] = [];
    for (let index = 0; index < 20_000; index++) {
      const values = [(next() - 0.3) * 10 ** Math.floor(next() * 26), Math.round(next() * 1e6) / 1000, Math.round((next() - 0.5) * 1e5) / 200];
      for (const value of values)
        if (formatNumber(value) !== expected(value)) disagreements.push(`${value}: ${formatNumber(value)} ≠ ${expected(value)}`);
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
  });
});

describe('formatValue', () => {
  it('writes the unit after the number, when there is one', () => {
    expect(formatValue(12.5, 'h')).toBe('12.5 h');
    expect(formatValue(1500)).toBe('1,500');
  });
});
