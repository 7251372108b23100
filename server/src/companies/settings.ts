/** A company's settings: the defaults of a new organisation, the languages it may choose, and the FAQ address every company shares. */
import type { Settings } from '@formsign/sdk/contract';
import type { CompanySettings } from '../db/schema.js';
import { isLanguage, languages, type Language } from '../i18n/i18n.js';

export function defaultSettings(): CompanySettings {
  return {
    timezone: 'Europe/London',
    date_format: 'DD/MM/YYYY',
    language: 'en',
    reminder_days: 3,
    retention_days: 2555,
    allow_typed_signature: true,
    storage_auto_save: true,
    default_verification: 'none',
    embed_origins: [],
  };
}

/** The languages the product speaks, which a company may choose: every page, mail and sealed PDF exists in these. */
export const appLanguages: readonly string[] = languages;

/** The organisation's language: its setting, when the product speaks it (English otherwise). */
export function languageOfSettings(settings: Pick<CompanySettings, 'language'> | null | undefined): Language {
  return isLanguage(settings?.language) ? settings.language : 'en';
}

/**
 * The language a person reads their pages and mails in: their own choice, else their
 * organisation's (a signer of a form reads the form's language instead: `forms.language`).
 */
export function languageOfPerson(person: { language: string | null }, settings: Pick<CompanySettings, 'language'> | null | undefined): Language {
  return isLanguage(person.language) ? person.language : languageOfSettings(settings);
}

/** The settings as the contract answers them. */
export function settingsView(settings: CompanySettings, faqUrl: string): Settings {
  return {
    ...defaultSettings(),
    ...settings,
    embed_origins: settings.embed_origins ?? [],
    default_verification: settings.default_verification ?? 'none',
    faq_url: faqUrl,
  };
}
