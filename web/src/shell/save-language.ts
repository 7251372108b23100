/**
 * Keeps a signed-in person's language choice on their account, so their mails and their next
 * sign-in elsewhere follow it. Loaded when the choice is made (the login page does not need it).
 */
import { accountApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import type { LanguageCode } from '../i18n/languages.ts';

export function saveLanguage(language: LanguageCode): Promise<unknown> {
  return area(accountApi).updateProfile({ language });
}
