/**
 * Says a text the app received as text (an `ApiError`'s message, a flow's error) in the
 * language shown: the contract's and the flows' texts are English (text-words.ts); the
 * server's own are already in the language the app asked for, and stay as they are. English
 * needs nothing, so the table loads only with another language (`showLanguage`).
 */
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';

let words: ReadonlyMap<string, MessageDescriptor> | null = null;
let loading: Promise<void> | null = null;

/** Fetches the table of texts; once. */
export function loadTextWords(): Promise<void> {
  loading ??= import('./text-words.ts').then(
    (module) => {
      words = module.textWords;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** `text` in the language shown, when it is one the app knows; else `text` as it is. */
export function sayText(text: string): string {
  const known = words?.get(text);
  return known ? i18n._(known) : text;
}

/** `sayText` for a component, which shows its text again when the language changes. */
export function useSayText(): (text: string) => string {
  useLingui();
  return sayText;
}
