/**
 * How an organisation's dates are written: in its date format (the contract's
 * `Settings.date_format`) and counted in its time zone. The one formatter of every date a
 * mail or a sealed PDF shows. A zone the runtime does not know counts as UTC, and so does an organisation
 * without settings (a date written in UTC rather than none). Pure: the file workers use it.
 */
import type { Settings } from '@formsign/sdk/contract';
import type { CompanySettings } from '../db/schema.js';
import { defaultSettings } from './settings.js';

export type DateFormat = Settings['date_format'];

/** The organisation's way of writing dates, fixed when what shows them is made. */
export interface DateStyle {
  format: DateFormat;
  timeZone: string;
}

const formats: readonly DateFormat[] = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'];

/** The time zone every date of an organisation is counted in when its settings name none it can use. */
export const fallbackTimeZone = 'UTC';

/**
 * Zone names found known: asking the runtime makes a formatter (a quarter of a millisecond),
 * and every signature and mail asks. The runtime also knows a zone written in other cases or as
 * an offset, so the names come from the organisations' settings without a bound of their own:
 * a thousand are kept at most, and a name past them is asked about each time, as before.
 */
const knownZones = new Set<string>();
const mostKnownZones = 1_000;

/** A zone name the runtime knows, or the fallback. */
export function knownTimeZone(zone: string | undefined | null): string {
  if (!zone) return fallbackTimeZone;
  if (knownZones.has(zone)) return zone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    if (knownZones.size < mostKnownZones) knownZones.add(zone);
    return zone;
  } catch {
    return fallbackTimeZone;
  }
}

/** The date style an organisation's settings give (the defaults' format when they name none it has). */
export function dateStyleOf(settings: Pick<CompanySettings, 'date_format' | 'timezone'> | null | undefined): DateStyle {
  const format = formats.find((known) => known === settings?.date_format) ?? defaultSettings().date_format;
  return { format, timeZone: knownTimeZone(settings?.timezone) };
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A date in the style given: `21/11/2026`, `11/21/2026` or `2026-11-21`; with `time`, followed
 * by the hour and minute and the zone's short name (`21/11/2026 14:05 GMT`), or without it (`zone: false`,
 * as the web app writes them).
 */
export function formatDate(date: Date, style: DateStyle, options: { time?: boolean; zone?: boolean } = {}): string {
  const parts = Object.fromEntries(
    partsFormatter(style.timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const { year = '', month = '', day = '', hour = '', minute = '', timeZoneName = '' } = parts;
  const text = formatDay(`${year}-${month}-${day}`, style.format);
  if (!options.time) return text;
  return options.zone === false ? `${text} ${hour}:${minute}` : `${text} ${hour}:${minute} ${timeZoneName}`;
}

/** A calendar day given as `YYYY-MM-DD` (a date field's answer) in the format given; any other text as it is. */
export function formatDay(day: string, format: DateFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  return format === 'YYYY-MM-DD' ? day : format === 'MM/DD/YYYY' ? `${month}/${date}/${year}` : `${date}/${month}/${year}`;
}
