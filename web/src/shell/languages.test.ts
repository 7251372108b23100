import type { Strings } from '@formsign/sdk';
import { describe, expect, it } from 'vitest';
import { languageShown, offeredLanguages, ownWording } from './languages.ts';

const company: Strings = {
  default: 'de',
  languages: [
    { code: 'en', name: 'English (UK)' },
    { code: 'de', name: 'Deutsch' },
    { code: 'nl', name: 'Nederlands' },
  ],
  strings: { en: { Forms: 'Completed forms' }, de: { Forms: 'Formulare' }, nl: { Forms: 'Formulieren' } },
};

describe('the language choice', () => {
  it('offers the four languages the interface speaks, named as the company names them', () => {
    expect(offeredLanguages(company)).toEqual([
      { code: 'en', name: 'English (UK)' },
      { code: 'de', name: 'Deutsch' },
      { code: 'fr', name: 'Français' },
      { code: 'es', name: 'Español' },
    ]);
    expect(offeredLanguages(null).map((language) => language.name)).toEqual(['English', 'Deutsch', 'Français', 'Español']);
  });

  it('shows the person’s choice, else the organisation’s language, else the browser’s', () => {
    expect(languageShown({ chosen: 'fr', organisation: 'de', browser: ['es-ES'] })).toBe('fr');
    expect(languageShown({ chosen: null, organisation: 'de', browser: ['es-ES'] })).toBe('de');
    expect(languageShown({ chosen: null, organisation: null, browser: ['nl-NL', 'es-ES'] })).toBe('es');
    expect(languageShown({ chosen: null, organisation: null, browser: ['nl-NL'] })).toBe('en');
  });

  it('passes over a language the interface does not speak', () => {
    expect(languageShown({ chosen: 'nl', organisation: 'nl', browser: ['de-AT'] })).toBe('de');
  });

  it('finds the company’s own wording of a text in the language shown', () => {
    expect(ownWording(company, 'en', 'Forms')).toBe('Completed forms');
    expect(ownWording(company, 'de', 'Forms')).toBe('Formulare');
    expect(ownWording(company, 'fr', 'Forms')).toBeUndefined();
    expect(ownWording(null, 'en', 'Forms')).toBeUndefined();
  });
});
