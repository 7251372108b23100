/** A company's settings: the defaults of a new organisation, the languages it may choose, and the FAQ address every company shares. */
import type { Settings } from '@formsign/sdk/contract';
import type { CompanySettings } from '../db/schema.js';
import { isLanguage, type Language } from '../i18n/i18n.js';

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

/**
 * The languages the app is written in, which a company may choose: its mails and signing
 * pages exist only in these. English only, until the app is translated.
 */
export const appLanguages: readonly string[] = ['en'];

/** The language a company's forms are sent in unless their sender chooses: its setting, when the product speaks it. */
export function languageOfSettings(settings: Pick<CompanySettings, 'language'> | null): Language {
  return isLanguage(settings?.language) ? settings.language : 'en';
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
