/**
 * The words of every text an organisation may reword (wording.ts): the side menu's entries
 * and headings, the titles of pages not in the menu, and the shell's own buttons and menus.
 * They are keyed by their English text, which is also the key of the organisation's own
 * wording (`/get-strings`), so `t('Dashboard')` says the organisation's word if it has one,
 * else the catalogue's (strings.tsx), which loads with a language other than English (text-words.ts). `wording.test.ts` checks that every reworded text has
 * its words here.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const words: readonly MessageDescriptor[] = [
  msg`Dashboard`,
  msg`Templates`,
  msg`Manage Template`,
  msg`Template List`,
  msg`In Progress`,
  msg`Action Required`,
  msg`Workflow (In Progress)`,
  msg`Supporting Documents`,
  msg`Completed`,
  msg`Forms`,
  msg`Database`,
  msg`Analysis`,
  msg`Case Management`,
  msg`Documents`,
  msg`Post Office`,
  msg`Form Integration`,
  msg`Pre-population`,
  msg`Logs`,
  msg`Connected Devices`,
  msg`Actions Records`,
  msg`System`,
  msg`Audit Forms`,
  msg`WisH`,
  msg`Entry Book`,
  msg`Time Attendance`,
  msg`Others`,
  msg`My Account`,
  msg`Users`,
  msg`Settings`,
  msg`Help`,
  msg`Welcome`,
  msg`Activate your account`,
  msg`New template`,
  msg`Send a form`,
  msg`Bulk sends`,
  msg`Form progress`,
  msg`Tenant`,
  msg`Webhooks`,
  msg`Payment`,
  msg`Sign a form`,
  msg`Fill in a form`,
  msg`Review a form`,
  msg`Confirm your new email address`,
  msg`Check a signed document`,
  msg`Request a new password`,
  msg`Set a new password`,
  msg`Not allowed`,
  msg`Access denied`,
  msg`Page not found`,
  msg`Log In`,
  msg`Register`,
  msg`Menu`,
  msg`Tutorial Videos`,
  msg`Help FAQs`,
  msg`Contact Us`,
  msg`Tutorial PDF(s)`,
  msg`Sign out`,
];

/** Each text's words; keyed by their English (the message the build keeps beside the id) in text-words.ts. */
export const wordingWords: readonly MessageDescriptor[] = words;
