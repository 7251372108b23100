/**
 * `src/generated/contract-words.ts` must be what the generator renders from the contract now:
 * a change to a text of `openapi/openapi.yaml` without `npm run generate` fails here; and each
 * of its texts is said in every language from the server's catalogues.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractTexts, contractWordsPath, renderContractWords } from '../../scripts/contract-words-file.js';
import { contractWords } from '../generated/contract-words.js';
import { sayText } from './i18n.js';

describe('the contract words', () => {
  it('are current (run `npm run generate` when this fails)', () => {
    expect(readFileSync(contractWordsPath, 'utf8') === renderContractWords(), 'server/src/generated/contract-words.ts is stale').toBe(true);
  });

  it('hold each text of the codes and the catalogue once, as the contract words it', () => {
    expect(contractWords.map((words) => words.message.replace(/'([{}]+)'/g, '$1'))).toEqual(contractTexts());
    expect(contractTexts()).toContain('User already exists.');
    expect(contractTexts()).toContain('Unexcepted error. Please try again later.');
  });

  it('are found by their English in each language', () => {
    expect(sayText('en', 'User already exists.')).toBe('User already exists.');
    for (const language of ['de', 'fr', 'es'] as const) expect(sayText(language, 'User already exists.')).not.toBe('User already exists.');
  });
});
