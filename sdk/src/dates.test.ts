import { describe, expect, it } from 'vitest';
import { dateStyleOf, formatDay, formatMoment } from './dates.js';

const london = { format: 'DD/MM/YYYY', timeZone: 'Europe/London' } as const;

describe("an organisation's dates", () => {
  it('are written in its format, counted in its zone, with the zone named when asked', () => {
    const moment = new Date('2026-11-21T23:30:00Z');
    expect(formatMoment(moment, london)).toBe('21/11/2026');
    expect(formatMoment(moment, { format: 'MM/DD/YYYY', timeZone: 'America/New_York' }, { time: true })).toBe('11/21/2026 18:30');
    expect(formatMoment(moment, { format: 'YYYY-MM-DD', timeZone: 'Asia/Tokyo' }, { time: true, zone: true })).toBe('2026-11-22 08:30 GMT+9');
  });

  it('write a calendar day as that day, and other text as it is', () => {
    expect(formatDay('2026-03-04', 'MM/DD/YYYY')).toBe('03/04/2026');
    expect(formatDay('soon', 'DD/MM/YYYY')).toBe('soon');
  });

  it('take the defaults for what the settings lack, and UTC for a zone the runtime does not know', () => {
    expect(dateStyleOf(null, london)).toEqual(london);
    expect(dateStyleOf({ date_format: 'YYYY-MM-DD', timezone: 'Mars/Olympus' }, london)).toEqual({ format: 'YYYY-MM-DD', timeZone: 'UTC' });
    expect(dateStyleOf({ date_format: 'DD.MM.YY', timezone: 'Asia/Tokyo' }, london)).toEqual({ format: 'DD/MM/YYYY', timeZone: 'Asia/Tokyo' });
  });
});
