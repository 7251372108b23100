import { describe, expect, it } from 'vitest';
import { fallbackTimeZone, knownTimeZone } from './dates.js';

describe('knownTimeZone', () => {
  it('keeps a zone the runtime knows, asked again or not', () => {
    expect(knownTimeZone('Europe/London')).toBe('Europe/London');
    expect(knownTimeZone('Europe/London')).toBe('Europe/London');
    expect(knownTimeZone('America/New_York')).toBe('America/New_York');
  });

  it('gives the fallback for a zone the runtime does not know, or none', () => {
    for (const zone of ['Mars/Olympus_Mons', 'Mars/Olympus_Mons', '', null, undefined]) expect(knownTimeZone(zone)).toBe(fallbackTimeZone);
  });
});
