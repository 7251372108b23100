import { draftSavedText, noIdText, sessionEndedText } from '@formsign/machines';
import { errorTexts } from '@formsign/sdk';
import { describe, expect, it } from 'vitest';
import { textWords } from './text-words.ts';

describe('the texts the app receives as text', () => {
  it('have words for the machines’ own texts and the catalogue’s', () => {
    for (const text of [sessionEndedText, draftSavedText, noIdText, ...Object.values(errorTexts)]) expect(textWords.has(text), text).toBe(true);
  });
});
