/**
 * How an organisation's dates are written in its mails and sealed PDFs: the SDK's one writer
 * (`@formsign/sdk/contract`, which the app's pages use too), fed with the organisation's
 * settings. A zone the runtime does not know counts as UTC, and so does an organisation without
 * settings (a date written in UTC rather than none). Pure: the file workers use it.
 */
import { dateStyleOf as styleOf, fallbackTimeZone, formatMoment, type DateStyle } from '@formsign/sdk/contract';
import type { CompanySettings } from '../db/schema.js';
import { defaultSettings } from './settings.js';

export { fallbackTimeZone, formatDay, type DateFormat, type DateStyle } from '@formsign/sdk/contract';

/** A zone name the runtime knows, or the fallback. */
export function knownTimeZone(zone: string | undefined | null): string {
  return styleOf({ timezone: zone ?? '' }, { format: defaultSettings().date_format, timeZone: fallbackTimeZone }).timeZone;
}

/** The date style an organisation's settings give (the defaults' format when they name none it has). */
export function dateStyleOf(settings: Pick<CompanySettings, 'date_format' | 'timezone'> | null | undefined): DateStyle {
  return styleOf(settings, { format: defaultSettings().date_format, timeZone: fallbackTimeZone });
}

/**
 * A date in the style given: `21/11/2026`, `11/21/2026` or `2026-11-21`; with `time`, followed
 * by the hour and minute and the zone's short name (`21/11/2026 14:05 GMT`).
 */
export function formatDate(date: Date, style: DateStyle, options: { time?: boolean } = {}): string {
  return formatMoment(date, style, { time: options.time === true, zone: true });
}
