/**
 * How the app shows dates, sizes and statuses. Every date goes through `formatDate` or
 * `formatDateTime`, written as the company's settings say (`date_format`, in its `timezone`):
 * the style is set once the signed-in person's settings load (`shell/company-date-style.ts`) and
 * kept for the next visit; a form opened from a link sets its organisation's (from the form);
 * until then, and for someone signed out, the default settings' style. A date is written in
 * digits, in the company's order, whatever the language; sizes follow the language shown.
 */
import type { Settings } from '@formsign/sdk';
import { i18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';

export type DateFormat = Settings['date_format'];

/** A company's way of writing dates. */
export interface DateStyle {
  format: DateFormat;
  timeZone: string;
}

/** The style of a new company's settings. */
export const defaultDateStyle: DateStyle = { format: 'DD/MM/YYYY', timeZone: 'Europe/London' };

const formats: readonly DateFormat[] = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The style the settings give: an unknown format or a zone the browser lacks falls back to the defaults'. */
export function dateStyleOf(settings: { date_format?: string; timezone?: string } | null | undefined): DateStyle {
  const format = formats.find((known) => known === settings?.date_format) ?? defaultDateStyle.format;
  let timeZone = settings?.timezone || defaultDateStyle.timeZone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
  } catch {
    timeZone = 'UTC';
  }
  return { format, timeZone };
}

function partsIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function dayIn(year: string, month: string, day: string, format: DateFormat): string {
  return format === 'YYYY-MM-DD' ? `${year}-${month}-${day}` : format === 'MM/DD/YYYY' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

/**
 * A date (an ISO timestamp, or a calendar day `YYYY-MM-DD`) in the style given: the day in the
 * company's format, with the hour and minute when `time` is asked. A calendar day is that day,
 * whatever the zone. '—' for none; text that is no date, as it is.
 */
export function formatDateIn(value: string | null | undefined, style: DateStyle, options: { time?: boolean } = {}): string {
  if (!value) return '—';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return dayIn(day[1] ?? '', day[2] ?? '', day[3] ?? '', style.format);
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) return value;
  const parts = Object.fromEntries(
    partsIn(style.timeZone)
      .formatToParts(parsed)
      .map((part) => [part.type, part.value]),
  );
  const text = dayIn(parts['year'] ?? '', parts['month'] ?? '', parts['day'] ?? '', style.format);
  return options.time ? `${text} ${parts['hour'] ?? ''}:${parts['minute'] ?? ''}` : text;
}

const storageKey = 'formsign.dateStyle';
let current: DateStyle = remembered();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function remembered(): DateStyle {
  try {
    return dateStyleOf(JSON.parse(globalThis.localStorage?.getItem(storageKey) ?? 'null') as { date_format?: string; timezone?: string } | null);
  } catch {
    return defaultDateStyle;
  }
}

/**
 * Sets the style every date is shown in (the company's settings, loaded or just saved). Kept
 * for the next visit unless `remember` is false: a form opened from a link shows its
 * organisation's style without taking the place of the signed-in person's own.
 */
export function setDateStyle(settings: Pick<Settings, 'date_format' | 'timezone'>, { remember = true }: { remember?: boolean } = {}): void {
  const next = dateStyleOf(settings);
  try {
    if (remember) globalThis.localStorage?.setItem(storageKey, JSON.stringify({ date_format: next.format, timezone: next.timeZone }));
  } catch {
    // A browser that keeps nothing shows the defaults until the settings load next time.
  }
  if (next.format === current.format && next.timeZone === current.timeZone) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Forgets the style kept for the next visit and goes back to the default: the person signed out, and the next one to sign in on this browser may be of another company. */
export function forgetDateStyle(): void {
  try {
    globalThis.localStorage?.removeItem(storageKey);
  } catch {
    // Nothing was kept.
  }
  setDateStyle({ date_format: defaultDateStyle.format, timezone: defaultDateStyle.timeZone }, { remember: false });
}

/** The style dates are shown in now; a component that shows dates calls it to show them again when it changes. */
export function useDateStyle(): DateStyle {
  return useSyncExternalStore(subscribe, () => current);
}

/** A moment, or a calendar day, in the company's style, with the time. */
export function formatDateTime(value: string | null | undefined): string {
  return formatDateIn(value, current, { time: true });
}

/** The time of day of a moment, in the company's time zone: `09:04`. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) return value;
  const parts = Object.fromEntries(
    partsIn(current.timeZone)
      .formatToParts(parsed)
      .map((part) => [part.type, part.value]),
  );
  return `${parts['hour'] ?? ''}:${parts['minute'] ?? ''}`;
}

/** A moment, or a calendar day, in the company's style. */
export function formatDate(value: string | null | undefined): string {
  return formatDateIn(value, current);
}

/** A size in the language's way of writing numbers: `1.5 MB` (`1,5 MB` in German). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${i18n.number(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 1 : 0;
  return `${i18n.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false })} ${units[unit]}`;
}

/** A status word for people: `awaiting_approval` → `Awaiting approval`. */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
