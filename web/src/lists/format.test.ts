import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateIn, formatDateTime, formatTime, setDateStyle } from './format.ts';

afterEach(() => setDateStyle({ date_format: 'DD/MM/YYYY', timezone: 'Europe/London' }));

describe('the one date formatter', () => {
  const moment = '2026-11-21T23:30:00.000Z';

  it("writes a moment in each of the company's formats, counted in its time zone", () => {
    expect(formatDateIn(moment, { format: 'DD/MM/YYYY', timeZone: 'Europe/London' }, { time: true })).toBe('21/11/2026 23:30');
    expect(formatDateIn(moment, { format: 'MM/DD/YYYY', timeZone: 'America/New_York' }, { time: true })).toBe('11/21/2026 18:30');
    // Past midnight in Tokyo: the next day.
    expect(formatDateIn(moment, { format: 'YYYY-MM-DD', timeZone: 'Asia/Tokyo' })).toBe('2026-11-22');
  });

  it('writes a calendar day as that day, whatever the zone; nothing as a dash; text that is no date as it is', () => {
    expect(formatDateIn('2026-03-04', { format: 'MM/DD/YYYY', timeZone: 'Pacific/Auckland' })).toBe('03/04/2026');
    expect(formatDateIn('2026-03-04', { format: 'DD/MM/YYYY', timeZone: 'America/Los_Angeles' })).toBe('04/03/2026');
    expect(formatDateIn(null, { format: 'DD/MM/YYYY', timeZone: 'UTC' })).toBe('—');
    expect(formatDateIn('soon', { format: 'DD/MM/YYYY', timeZone: 'UTC' })).toBe('soon');
  });

  it("shows every date in the settings' style once they are set", () => {
    expect(formatDateTime(moment)).toBe('21/11/2026 23:30');
    setDateStyle({ date_format: 'MM/DD/YYYY', timezone: 'America/New_York' });
    expect(formatDateTime(moment)).toBe('11/21/2026 18:30');
    expect(formatDate(moment)).toBe('11/21/2026');
    expect(formatTime(moment)).toBe('18:30');
    // A zone the browser does not know counts as UTC.
    setDateStyle({ date_format: 'YYYY-MM-DD', timezone: 'Mars/Olympus' });
    expect(formatDateTime(moment)).toBe('2026-11-21 23:30');
  });
});
