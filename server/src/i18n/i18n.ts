/**
 * The server's words in each language the product speaks: the answers a person reads, mails,
 * the sealed PDF's pages and a signing link's first paint. A text is written in English where
 * it is used, with `msg` (words.ts), and said here in the reader's language:
 *
 *   say(form.language, msg({ message: 'Please sign “{title}”' }), { title })
 *
 * Each language's catalogue (server/locales/<language>/server.po, see lingui.config.ts) is
 * read and compiled once, when first asked for. A text the catalogue does not have yet is said
 * in English (`messages.test.ts` refuses a catalogue that lacks one).
 */
import type { Language } from '@formsign/sdk/contract';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readFileSync } from 'node:fs';
import type { Words } from './words.js';

export type { Language };
export const languages: readonly Language[] = ['en', 'de', 'fr', 'es'];

export function isLanguage(code: unknown): code is Language {
  return typeof code === 'string' && (languages as readonly string[]).includes(code);
}

/** The language of an `Accept-Language` header: the first (by weight) the product speaks, else English. */
export function languageOfHeader(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const weight = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { code: tag.trim().toLowerCase().split('-')[0], weight: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.code).find(isLanguage) ?? 'en';
}

const folder = new URL('../../locales/', import.meta.url);

/** A language's catalogue, compiled: each text by its id. */
function compiled(language: Language): Messages {
  const entries = formatter().parse(readFileSync(new URL(`${language}/server.po`, folder), 'utf8'), {
    locale: language,
    sourceLocale: 'en',
    filename: `${language}/server.po`,
  }) as Record<string, { message?: string; translation?: string }>;
  const messages: Messages = {};
  for (const [id, entry] of Object.entries(entries)) {
    const text = entry.translation || (language === 'en' ? entry.message : undefined);
    if (text) messages[id] = compileMessage(text);
  }
  return messages;
}

const translators = new Map<Language, I18n>();

/** The translator of `language`: `i18n._(words, values)`, and its numbers (`i18n.number`). */
export function translator(language: Language): I18n {
  let i18n = translators.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: compiled(language) } });
    // A text said before its catalogue has it (while it is being written) is said in English.
    i18n.setMessagesCompiler(compileMessage);
    translators.set(language, i18n);
  }
  return i18n;
}

/** Says `words` in `language`, with the values its placeholders name. */
export function say(language: Language, words: Words, values?: Record<string, unknown>): string {
  return translator(language)._(words.id, values, { message: words.message });
}
