import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractTexts, contractWordsFile, renderContractWords } from './contract-words.ts';

describe('src/i18n/contract-words.ts', () => {
  it('is what the contract gives now (run `npm run generate` when this fails)', () => {
    expect(readFileSync(contractWordsFile, 'utf8') === renderContractWords(), 'web/src/i18n/contract-words.ts is stale').toBe(true);
  });

  it('holds the specification’s catalogue texts exactly', () => {
    expect(contractTexts()).toEqual(
      expect.arrayContaining(['Internal error. please try again', 'Unexcepted error. Please try again later.', 'Authentication Failed']),
    );
  });
});
