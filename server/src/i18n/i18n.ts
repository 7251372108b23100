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
import { isWords, type Words } from './words.js';

export type { Language };
export const languages: readonly Language[] = ['en', 'de', 'fr', 'es'];

/** Each language the product speaks, named in itself (as a language menu offers it). */
export const languageNames: Readonly<Record<Language, string>> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' };

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

interface Catalogue {
  /** Each text by its id, compiled. */
  messages: Messages;
  /** The id of each text by its English (the catalogue's msgid), for a text the code holds as English only. */
  ids: Map<string, string>;
}

/** A language's catalogue, compiled. */
function compiled(language: Language): Catalogue {
  const entries = formatter().parse(readFileSync(new URL(`${language}/server.po`, folder), 'utf8'), {
    locale: language,
    sourceLocale: 'en',
    filename: `${language}/server.po`,
  }) as Record<string, { message?: string; translation?: string }>;
  const messages: Messages = {};
  const ids = new Map<string, string>();
  for (const [id, entry] of Object.entries(entries)) {
    const text = entry.translation || (language === 'en' ? entry.message : undefined);
    if (!text) continue;
    messages[id] = compileMessage(text);
    if (entry.message) ids.set(entry.message, id);
  }
  return { messages, ids };
}

interface Translator {
  i18n: I18n;
  ids: Map<string, string>;
}

const translators = new Map<Language, Translator>();

function translatorOf(language: Language): Translator {
  let found = translators.get(language);
  if (!found) {
    const { messages, ids } = compiled(language);
    const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    // A text said before its catalogue has it (while it is being written) is said in English.
    i18n.setMessagesCompiler(compileMessage);
    found = { i18n, ids };
    translators.set(language, found);
  }
  return found;
}

/** The translator of `language`: `i18n._(words, values)`, and its numbers (`i18n.number`). */
export function translator(language: Language): I18n {
  return translatorOf(language).i18n;
}

/**
 * The values with the words among them said too (a reason within a refusal), and a list of
 * names written as the language writes one ("Ann, Bob and Cleo").
 */
function saidValues(language: Language, values: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  if (!values) return undefined;
  let said: Record<string, unknown> | undefined;
  for (const key in values) {
    const value = values[key];
    if (isWords(value)) (said ??= { ...values })[key] = say(language, value);
    else if (Array.isArray(value))
      (said ??= { ...values })[key] = listOf(
        language,
        value.map((item: unknown) => (isWords(item) ? say(language, item) : String(item))),
      );
  }
  return said ?? values;
}

/**
 * Says `words` in `language`, with the values its placeholders name (the words' own when they
 * were filled); a value that is itself words is said in the same language.
 */
export function say(language: Language, words: Words, values?: Readonly<Record<string, unknown>>): string {
  return translatorOf(language).i18n._(words.id, saidValues(language, values ?? words.values), { message: words.message });
}

/**
 * Says a text in `language`: words as `say` does; a text held as English only (a contract's
 * text, one handed over by a rule that gives strings) by finding that English in the
 * catalogue, one lookup; a text the catalogue does not have (a name, what a person typed) is
 * said as it is.
 */
export function sayText(language: Language, text: string | Words, values?: Readonly<Record<string, unknown>>): string {
  if (typeof text !== 'string') return say(language, text, values);
  if (language === 'en' || text === '') return text;
  const { i18n, ids } = translatorOf(language);
  const id = ids.get(text);
  return id === undefined ? text : i18n._(id);
}

const lists = new Map<string, Intl.ListFormat>();

/** Names in a list as `language` writes one: "Ann, Bob and Cleo" ("Ann, Bob und Cleo"); `or` for a choice. */
export function listOf(language: Language, items: readonly string[], type: 'and' | 'or' = 'and'): string {
  const key = `${language}:${type}`;
  let format = lists.get(key);
  if (!format) {
    // British English: no comma before the last "and", as the server's English always wrote it.
    format = new Intl.ListFormat(language === 'en' ? 'en-GB' : language, { type: type === 'and' ? 'conjunction' : 'disjunction' });
    lists.set(key, format);
  }
  return format.format(items);
}
