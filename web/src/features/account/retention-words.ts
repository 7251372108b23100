/** What the settings say of retention: how long ended forms are kept, and what the next daily run removes. */
import type { Settings } from '@formsign/sdk';
import { formatDate } from '../../lists/format.ts';

/** The days typed are kept: 0 (for ever) or from 30 to 3650; anything else is null. */
export function retentionChoice(value: string): number | null {
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number)) return null;
  return number === 0 || (number >= 30 && number <= 3650) ? number : null;
}

export function retentionInWords(days: number | null): string {
  if (days === null) return 'Enter 0 to keep them for ever, or from 30 days to ten years (3650 days).';
  if (days === 0) return 'Kept for ever: nothing is removed.';
  const years = days / 365;
  return years >= 1
    ? `About ${years.toFixed(years % 1 < 0.05 ? 0 : 1)} ${years < 1.05 ? 'year' : 'years'}.`
    : `About ${Math.round(days / 30)} months.`;
}

/** What the next daily run removes, as the saved settings have it; null when they keep everything. */
export function nextRemovalInWords(next: Settings['next_removal']): string | null {
  if (!next) return null;
  const before = formatDate(next.ended_before);
  if (next.forms === 0) return `The next daily run removes nothing: no form ended before ${before}.`;
  const count = `${next.exact ? '' : 'more than '}${next.forms.toLocaleString('en-GB')} ${next.forms === 1 && next.exact ? 'form' : 'forms'}`;
  return `The next daily run removes the answers and files of ${count} that ended before ${before}.`;
}
