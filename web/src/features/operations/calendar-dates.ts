import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { formatDate } from '../../lists/format.ts';

/** Days as the date inputs and the time-and-attendance calls take them: `YYYY-MM-DD`, in the person's own time zone. */
function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export function today(): string {
  return isoDay(new Date());
}

export function firstOfMonth(): string {
  const now = new Date();
  return isoDay(new Date(now.getFullYear(), now.getMonth(), 1));
}

/** Whether a value is a real `YYYY-MM-DD` day. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === value;
}

/** The time of day of an ISO date-time, in the company's time zone (`09:04`): the one date formatter's. */
export { formatTime } from '../../lists/format.ts';

/** A day for a heading, its weekday in the language shown and its date in the company's style: `Friday 20/11/2026`. */
export function formatLongDay(value: string): string {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return value;
  const weekday = i18n.date(parsed, { weekday: 'long', timeZone: 'UTC' });
  const date = formatDate(value);
  return t`${weekday} ${date}`;
}
