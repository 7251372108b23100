/**
 * Days and times in a company's time zone (its `timezone` setting): where a day starts, which
 * day an instant falls on, and a wall-clock time of a day as an instant. Time entries are
 * kept as instants; "today", a date range and "after 09:00" are the company's own. The zone
 * itself is the company's, resolved in one place (`companies/repository.ts`).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, format);
  }
  return format;
}

function wallClock(instant: Date, zone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    second: Number(parts['second']),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, zone: string): number {
  const wall = wallClock(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a real calendar day, `YYYY-MM-DD`. */
export function isDay(text: string | undefined): text is string {
  const match = dayPattern.exec(text ?? '');
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The instant a wall-clock time (minutes after midnight) of a day is in the zone. */
export function zonedTime(day: string, minutes: number, zone: string): Date {
  const match = dayPattern.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 0, minutes);
  // Twice: the offset at the first guess may differ from the offset at the answer (a change of clocks between).
  const guess = wall - offsetAt(new Date(wall), zone);
  return new Date(wall - offsetAt(new Date(guess), zone));
}

/** The day an instant falls on in the zone, `YYYY-MM-DD`. */
export function dayOf(instant: Date, zone: string): string {
  const wall = wallClock(instant, zone);
  return `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

/** The day `count` days after (or before) a day. */
export function addDays(day: string, count: number): string {
  const match = dayPattern.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + count)).toISOString().slice(0, 10);
}

/** Days from one day to another, counting both. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The instants a range of days covers in the zone: from the start of `from` to the start of the day after `to`. */
export function rangeOf(from: string, to: string, zone: string): { start: Date; end: Date } {
  return { start: zonedTime(from, 0, zone), end: zonedTime(addDays(to, 1), 0, zone) };
}
