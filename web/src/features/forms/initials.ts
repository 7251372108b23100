/**
 * A signer's initials: given once (typed, 1 to 5 letters, or drawn) and applied to every
 * initials field of their place, as the server applies them. Typed ones are suggested from the
 * signer's name ("Ada Brook" gives "AB"); the signer still chooses to use them.
 */
import type { FormField } from '@formsign/sdk';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n/i18n.ts';
import type { Answers, Signature } from './signing-answers.ts';

/** Initials are given the way a signature is: `{ kind, value }`. */
export type Initials = Signature;

/** The most letters typed initials have (the server's limit too). */
export const initialsMaxLetters = 5;

const letters = /^\p{L}{1,5}$/u;

/** The initials a name suggests: the first letter of each of its words, upper case, at most five; empty when it has no letters. */
export function suggestedInitials(name: string): string {
  const firsts = name
    .split(/[\s\-.,'’]+/u)
    .map((word) => Array.from(word).find((char) => /\p{L}/u.test(char)) ?? '')
    .filter(Boolean)
    .join('');
  return Array.from(firsts.toLocaleUpperCase()).slice(0, initialsMaxLetters).join('');
}

/** What is wrong with typed initials, or null when they are 1 to 5 letters (spaces around them aside). */
export function typedInitialsProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return i18n._(msg`Please type your initials.`);
  return letters.test(trimmed) ? null : i18n._(msg`Type 1 to 5 letters, like "AB".`);
}

/** Initials that can be sent: typed letters that pass, or a drawing. */
export function usableInitials(initials: Initials | null | undefined): initials is Initials {
  if (!initials?.value.trim()) return false;
  return initials.kind === 'drawn' || typedInitialsProblem(initials.value) === null;
}

/** The answers with `initials` in every initials field the signer answers: given in one, they are in all. */
export function withInitials(fields: readonly FormField[], answers: Answers, initials: Initials | null): Answers {
  const next = { ...answers };
  for (const field of fields) if (field.type === 'initials' && !field.readonly) next[field.name] = initials;
  return next;
}
