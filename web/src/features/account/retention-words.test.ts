import { describe, expect, it } from 'vitest';
import { nextRemovalInWords, retentionChoice, retentionInWords } from './retention-words.ts';

describe('retention in the settings', () => {
  it('takes 0 or 30 to 3650 days, and nothing between', () => {
    expect(['0', '30', '3650', '29', '1', '3651', '', '2.5'].map(retentionChoice)).toEqual([0, 30, 3650, null, null, null, null, null]);
    expect(retentionInWords(0)).toBe('Kept for ever: nothing is removed.');
  });

  it('says what the next daily run removes', () => {
    const at = '2026-11-25T03:00:00Z';
    expect(nextRemovalInWords({ forms: 12, exact: true, ended_before: '2019-03-03T03:00:00Z', at })).toBe(
      'The next daily run removes the answers and files of 12 forms that ended before 03/03/2019.',
    );
    expect(nextRemovalInWords({ forms: 1000, exact: false, ended_before: '2019-03-03T03:00:00Z', at })).toBe(
      'The next daily run removes the answers and files of more than 1,000 forms that ended before 03/03/2019.',
    );
    expect(nextRemovalInWords({ forms: 0, exact: true, ended_before: '2019-03-03T03:00:00Z', at })).toBe(
      'The next daily run removes nothing: no form ended before 03/03/2019.',
    );
    expect(nextRemovalInWords(null)).toBeNull();
    expect(nextRemovalInWords(undefined)).toBeNull();
  });
});
