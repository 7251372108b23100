/** The months of a report, in the company's time zone: the current one and the ones before it. */
import { type Language } from '../../i18n/i18n.js';

export interface Month {
  /** `2026-11`, as SQL's `to_char(..., 'YYYY-MM')` writes it. */
  key: string;
  /** `Nov`. */
  label: string;
}

const shortNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A month's short name in `language` (`Nov`, `Nov.`, `nov.`, `nov`): English's own, the others' as their calendars write them. */
function shortName(month: number, language: Language): string {
  if (language === 'en') return shortNames[month] ?? '';
  return new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month, 15)));
}

/** The `count` months ending with the one `now` falls in, oldest first. */
export function monthsEnding(now: Date, timeZone: string, count: number, language: Language = 'en'): Month[] {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(now);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value) - 1;
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + month - (count - 1 - i);
    const y = Math.floor(index / 12);
    const m = index % 12;
    return { key: `${y}-${String(m + 1).padStart(2, '0')}`, label: shortName(m, language) };
  });
}

/** The first day of a month (`2026-11-01`). */
export const firstDay = (month: Month): string => `${month.key}-01`;
