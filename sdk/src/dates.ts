/**
 * How an organisation writes dates: in its format (`Settings.date_format`), counted in its time
 * zone. The app's pages and the server's mails and sealed PDFs write every date with these, so a
 * date reads the same on a page, in a mail and on paper. Pure, no DOM.
 */
import type { Settings } from './types.js';

export type DateFormat = Settings['date_format'];

/** An organisation's way of writing dates. */
export interface DateStyle {
  format: DateFormat;
  timeZone: string;
}

const dateFormats: readonly DateFormat[] = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'];

/** The zone a date is counted in when the one named is unknown to the runtime. */
export const fallbackTimeZone = 'UTC';

/**
 * The style settings give: their format, or the defaults' when they name none there is; their
 * zone, or the defaults' when they name none, or UTC when the runtime does not know it.
 */
export function dateStyleOf(settings: { date_format?: string; timezone?: string } | null | undefined, defaults: DateStyle): DateStyle {
  const format = dateFormats.find((known) => known === settings?.date_format) ?? defaults.format;
  const zone = settings?.timezone || defaults.timeZone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return { format, timeZone: zone };
  } catch {
    return { format, timeZone: fallbackTimeZone };
  }
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** A moment's calendar day, hour, minute and the zone's short name (`GMT`, `GMT-5`), in the zone given. */
export function partsOf(date: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'zone', string> {
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
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  const { year = '', month = '', day = '', hour = '', minute = '', timeZoneName: zone = '' } = parts;
  return { year, month, day, hour, minute, zone };
}

/** A calendar day given as `YYYY-MM-DD` (a date field's answer) in the format given; any other text as it is. */
export function formatDay(day: string, format: DateFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  return format === 'YYYY-MM-DD' ? day : format === 'MM/DD/YYYY' ? `${month}/${date}/${year}` : `${date}/${month}/${year}`;
}

/**
 * A moment in the style given: `21/11/2026`, `11/21/2026` or `2026-11-21`; with `time`, then the
 * hour and minute (`21/11/2026 14:05`), and with `zone` too the zone's short name (`... GMT`).
 */
export function formatMoment(date: Date, style: DateStyle, options: { time?: boolean; zone?: boolean } = {}): string {
  const { year, month, day, hour, minute, zone } = partsOf(date, style.timeZone);
  const text = formatDay(`${year}-${month}-${day}`, style.format);
  if (!options.time) return text;
  return options.zone ? `${text} ${hour}:${minute} ${zone}` : `${text} ${hour}:${minute}`;
}
