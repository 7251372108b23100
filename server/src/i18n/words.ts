/**
 * How the server writes a text a person reads: `msg({ message: 'The form {reference} was withdrawn.' })`,
 * imported from `#words`. Extraction (`npm run messages`) reads this `msg` as Lingui's own macro
 * (lingui.config.ts lists `#words` among the macro packages) and puts the English text in the
 * catalogues; at run time it is this function, which gives the id the macro gives (a hash of
 * the text and its context), so the catalogues' translations find it. Placeholders are named
 * in the text itself (ICU: `{name}`, `{count, plural, one {# form} other {# forms}}`); the
 * values come when it is said (`say(language, words, values)`, i18n.ts), or travel with the
 * words when they are said elsewhere (`filled(words, values)`: a refusal made in a rule and
 * said where the answer is rendered, in the language of the request).
 */
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

/** A text to be said in its reader's language: its catalogue id and its English (and, filled, its placeholders' values). */
export interface Words {
  readonly id: string;
  readonly message: string;
  readonly values?: Readonly<Record<string, unknown>>;
}

/** The text's words; `context` tells apart two texts that are the same in English and not in another language. */
export function msg(descriptor: { message: string; context?: string; comment?: string }): Words {
  return { id: generateMessageId(descriptor.message, descriptor.context), message: descriptor.message };
}

/** The words with the values their placeholders name, to be said later in the reader's language. */
export function filled(words: Words, values: Record<string, unknown>): Words {
  return { id: words.id, message: words.message, values };
}

export function isWords(value: unknown): value is Words {
  return typeof value === 'object' && value !== null && typeof (value as Words).id === 'string' && typeof (value as Words).message === 'string';
}

/** A text a person reads: words, or English found by its words in the catalogue (a contract's text) when it is said. */
export type Text = string | Words;
