import type { Strings } from '@formsign/sdk';
import { describe, expect, it } from 'vitest';
import { offeredLanguages, shownLanguage, translator } from './languages.ts';

const company: Strings = {
  default: 'de',
  languages: [
    { code: 'en', name: 'English (UK)' },
    { code: 'de', name: 'Deutsch' },
    { code: 'fr', name: 'Français' },
  ],
  strings: { en: { Forms: 'Completed forms' }, de: { Forms: 'Formulare' }, fr: { Forms: 'Formulaires' } },
};

describe('the language choice', () => {
  it('offers only the languages the interface has, named as the company names them', () => {
    expect(offeredLanguages(company)).toEqual([{ code: 'en', name: 'English (UK)' }]);
    expect(offeredLanguages(null)).toEqual([{ code: 'en', name: 'English' }]);
  });

  it('shows a language the company chose as default only when the interface has it', () => {
    expect(shownLanguage(company, null)).toBe('en');
    expect(shownLanguage(company, 'de')).toBe('en');
    const both = [
      { code: 'en', name: 'English' },
      { code: 'de', name: 'Deutsch' },
    ];
    expect(shownLanguage(company, null, both)).toBe('de');
    expect(shownLanguage(company, 'en', both)).toBe('en');
    expect(offeredLanguages(company, both).map((language) => language.code)).toEqual(['en', 'de']);
  });

  it('translates with the table of the language shown, keeping texts it has no entry for', () => {
    expect(translator(company, 'en')('Forms')).toBe('Completed forms');
    expect(translator(company, 'de')('Forms')).toBe('Formulare');
    expect(translator(company, 'en')('Users')).toBe('Users');
    expect(translator(null, 'en')('Forms')).toBe('Forms');
  });
});
