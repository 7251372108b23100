/**
 * Every text of the interface an organisation may word its own way (`/save-strings`): the
 * texts that go through `t()`. They come from the route table (the side menu's entries and
 * headings, the titles of pages not in the menu) and from the shell's own words (the top
 * bar's buttons, the help menus, Sign out), each listed once, in the group the wording editor
 * shows it in. `wording.test.ts` keeps the list honest: every literal `t('…')` of the app is
 * in it, and every text in it is shown somewhere.
 */
import type { StringsChange } from '@formsign/sdk';
import { menuGroups, routes, type RouteEntry } from '../routes/route-table.ts';

export type WordingGroup = 'Menu' | 'Page titles' | 'Top bar and help';

/** The groups, in the order the editor shows them, with what each holds. */
export const wordingGroups: readonly { name: WordingGroup; hint: string }[] = [
  { name: 'Menu', hint: 'The side menu’s entries and headings. An entry’s name is also the title of its page.' },
  { name: 'Page titles', hint: 'The titles of pages that are not in the menu.' },
  { name: 'Top bar and help', hint: 'The top bar’s buttons, the help menus and Sign out.' },
];

/** The shell's own words, written as literals in top-bar.tsx, help-menus.tsx and side-menu.tsx. */
export const shellWords: readonly string[] = [
  'Log In',
  'Register',
  'Menu',
  'Help',
  'Tutorial Videos',
  'Help FAQs',
  'Contact Us',
  'Tutorial PDF(s)',
  'Sign out',
];

export interface WordingEntry {
  /** The interface's own (English) text: the key of the organisation's strings. */
  text: string;
  group: WordingGroup;
}

/** A route's title when the page says none of its own: the text, or the fallback shown while a form loads. */
function ownTitle(route: RouteEntry): string | null {
  switch (route.title.from) {
    case 'menu':
      return null;
    case 'text':
      return route.title.text;
    case 'signing-form':
    case 'form-creation':
      return route.title.fallback;
  }
}

function entriesOf(): WordingEntry[] {
  const menu = routes.flatMap((route) => route.menu);
  // The menu as it shows: the entries without a heading, then each heading and its entries.
  const menuTexts = [
    ...menu.filter((entry) => entry.group === null).map((entry) => entry.name),
    ...menuGroups.flatMap((group) => [group, ...menu.filter((entry) => entry.group === group).map((entry) => entry.name)]),
  ];
  const titles = routes.map(ownTitle).filter((title): title is string => title !== null);
  // A text used in several places is listed once: in the menu if it is there, else with the
  // shell's words (Log In is a button before it is a title), else with the titles.
  const listed = new Map<string, WordingGroup>();
  const add = (texts: readonly string[], group: WordingGroup): void => {
    for (const text of texts) if (!listed.has(text)) listed.set(text, group);
  };
  add(menuTexts, 'Menu');
  add(shellWords, 'Top bar and help');
  add(titles, 'Page titles');
  const all = [...listed].map(([text, group]) => ({ text, group }));
  return wordingGroups.flatMap(({ name }) => all.filter((entry) => entry.group === name));
}

/** Every text an organisation may reword, grouped as the editor shows them. */
export const wordingEntries: readonly WordingEntry[] = entriesOf();

/**
 * What a save sends for one language: each text whose typed value differs from the company's
 * own, as the new text, or null to go back to the interface's (an empty text, or the
 * interface's text itself, is the default). Texts not typed are not sent.
 */
export function wordingChange(
  entries: readonly WordingEntry[],
  own: Record<string, string>,
  typed: Record<string, string>,
): StringsChange['strings'] {
  const change: StringsChange['strings'] = {};
  for (const { text } of entries) {
    const value = typed[text]?.trim();
    if (value === undefined) continue;
    const wanted = value === text ? '' : value;
    if (wanted === (own[text] ?? '')) continue;
    change[text] = wanted === '' ? null : wanted;
  }
  return change;
}
