/** What the settings say of retention: how long ended forms are kept, and what the next daily run removes. */
import type { Settings } from '@formsign/sdk';
import { plural, t } from '@lingui/core/macro';
import { i18n } from '../../i18n/i18n.ts';
import { formatDate } from '../../lists/format.ts';

/** The days typed are kept: 0 (for ever) or from 30 to 3650; anything else is null. */
export function retentionChoice(value: string): number | null {
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number)) return null;
  return number === 0 || (number >= 30 && number <= 3650) ? number : null;
}

/** How long the days chosen keep ended forms, in the language shown. */
export function retentionInWords(days: number | null): string {
  if (days === null) return t`Enter 0 to keep them for ever, or from 30 days to ten years (3650 days).`;
  if (days === 0) return t`Kept for ever: nothing is removed.`;
  if (days < 365) {
    const months = Math.round(days / 30);
    return t`${plural(months, { one: 'About # month.', other: 'About # months.' })}`;
  }
  // Whole years, or with one decimal when that says more (2.5 years).
  const digits = (days / 365) % 1 < 0.05 ? 0 : 1;
  const years = Number((days / 365).toFixed(digits));
  const shown = i18n.number(years, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return t`${plural(years, { one: `About ${shown} year.`, other: `About ${shown} years.` })}`;
}

/** What the next daily run removes, as the saved settings have it; null when they keep everything. */
export function nextRemovalInWords(next: Settings['next_removal']): string | null {
  if (!next) return null;
  const before = formatDate(next.ended_before);
  const { forms } = next;
  if (forms === 0) return t`The next daily run removes nothing: no form ended before ${before}.`;
  return next.exact
    ? t`The next daily run removes the answers and files of ${plural(forms, { one: '# form', other: '# forms' })} that ended before ${before}.`
    : t`The next daily run removes the answers and files of more than ${plural(forms, { one: '# form', other: '# forms' })} that ended before ${before}.`;
}
