/**
 * The server's words in each language the product speaks: mails, the sealed PDF's pages, and
 * the refusals a person reads. A text is written in English where it is used, with an id of
 * its own, through a translator named `i18n` (Lingui extracts `i18n._({ id, message })` and
 * `/*i18n*\/ { id, message }` into server/locales/<language>/server.po, see lingui.config.ts):
 *
 *   const i18n = translator(form.language);
 *   i18n._({ id: 'mail.signing.subject', message: 'Please sign “{title}”' }, { title })
 *
 * Each language's catalogue is read and compiled once, when first asked for.
 */
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readFileSync } from 'node:fs';

export const languages = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];

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
      return { code: tag.toLowerCase().split('-')[0], weight: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.code).find(isLanguage) ?? 'en';
}

/** A message to be said in the reader's language later (a refusal made before the language is known). */
export type Words = MessageDescriptor & { id: string; message: string };

const folder = new URL('../../locales/', import.meta.url);

function compiled(language: Language): Messages {
  const read = (code: Language) =>
    formatter().parse(readFileSync(new URL(`${code}/server.po`, folder), 'utf8'), {} as never) as Record<string, { translation?: string }>;
  const own = read(language);
  const english = language === 'en' ? own : read('en');
  const messages: Messages = {};
  for (const [id, entry] of Object.entries(english)) {
    // A text not yet translated is said in English (messages.test.ts refuses one in the repository).
    const text = own[id]?.translation || entry.translation || id;
    messages[id] = compileMessage(text);
  }
  return messages;
}

const translators = new Map<Language, I18n>();

/** The translator of `language`: `i18n._(words, values)`, and its dates and numbers (`i18n.date`, `i18n.number`). */
export function translator(language: Language): I18n {
  let i18n = translators.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: compiled(language) } });
    // A text said before its catalogue has it (while it is being written) is still said, in English.
    i18n.setMessagesCompiler(compileMessage);
    translators.set(language, i18n);
  }
  return i18n;
}

/** Says `words` in `language`. */
export function say(language: Language, words: Words, values?: Record<string, unknown>): string {
  return translator(language)._(words.id, values, { message: words.message });
}
