/**
 * The English texts the app receives as text rather than as messages, each with its words:
 * the contract's (the SDK words a failure with the contract's text, exactly as the
 * specification quotes it), the flows' own (`@formsign/machines`), and the texts an
 * organisation may reword (the menu, titles and top bar, which the shell names by their
 * English: wording-words.ts). Loaded with a language other than English (see say-text.ts);
 * their translations are in the `shell` catalogue.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { wordingWords } from '../shell/wording-words.ts';
import { contractWords } from './contract-words.ts';

/** The machines' own texts (`sessionEndedText`, `draftSavedText`, `noIdText`); text-words.test.ts keeps them equal. */
export const machineWords: readonly MessageDescriptor[] = [
  msg`Your session has expired. Please log in again.`,
  msg`Your answers have been saved. Open this link again to finish.`,
  msg`The template was saved, but the server did not say which one it is. Please open it again from Manage Template.`,
];

export const textWords: ReadonlyMap<string, MessageDescriptor> = new Map(
  [...contractWords, ...machineWords, ...wordingWords].map((descriptor) => [String(descriptor.message), descriptor]),
);
