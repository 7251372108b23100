import { describe, expect, it, vi } from 'vitest';
import { titleOf } from './page-title.tsx';
import { menuGroups, routes } from '../routes/route-table.ts';
import { textWords } from '../i18n/text-words.ts';
import { shellWords, wordingChange, wordingEntries } from './wording.ts';

// The page title's module reaches the app's client through the strings, which needs a page to resolve its address.
vi.mock('../api/client.ts', () => ({ api: {} }));

/** The app's sources (not its tests), as text. */
const sources: Record<string, string> = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A source without its comments (a `t(text)` in a comment is no call). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
}

/** The argument of every `t(…)` call: the text between its balanced parentheses (Lingui's `t({ message })` is a message, not a wording). */
function translatedArguments(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?<![\w.$])t\((?!\s*\{)/g)) {
    const start = match.index + match[0].length;
    let depth = 1;
    let end = start;
    while (end < source.length && depth > 0) {
      if (source[end] === '(') depth++;
      else if (source[end] === ')') depth--;
      end++;
    }
    found.push(source.slice(start, end - 1).trim());
  }
  return found;
}

const literal = /^(['"])((?:(?!\1).)*)\1$/;
const calls = Object.entries(sources).flatMap(([file, source]) => translatedArguments(code(source)).map((argument) => ({ file, argument })));
// The declaration of `t` in the strings' context (`t(text: string): string`) is no call.
const realCalls = calls.filter(({ argument }) => !/^\w+: /.test(argument));
const literals = new Set(realCalls.flatMap(({ argument }) => literal.exec(argument)?.[2] ?? []));

/** What the app translates that is not written where it is translated: the route table's texts. */
const derivedCalls: Record<string, string> = {
  'item.name': 'a side-menu entry’s name',
  'section.group': 'a side-menu heading',
  'titleOf(route, reported)': 'a page title',
};

const listed = new Set(wordingEntries.map((entry) => entry.text));

describe('the texts an organisation may reword', () => {
  it('include every text the app writes as a literal t() call', () => {
    expect(literals.size).toBeGreaterThan(0);
    expect([...literals].filter((text) => !listed.has(text))).toEqual([]);
  });

  it('come from the route table wherever the app translates a text it does not write out', () => {
    const dynamic = realCalls.filter(({ argument }) => !literal.test(argument));
    expect(dynamic.filter(({ argument }) => !(argument in derivedCalls)).map(({ file, argument }) => `${file}: t(${argument})`)).toEqual([]);
    // Each of them is still translated somewhere, or its texts would be listed for nothing.
    expect(Object.keys(derivedCalls).filter((argument) => !dynamic.some((call) => call.argument === argument))).toEqual([]);
  });

  it('are each shown somewhere: a menu entry or heading, a page title, or a shell word', () => {
    const menuNames = routes.flatMap((route) => route.menu.map((entry) => entry.name));
    // A heading shows only above entries.
    const headings = menuGroups.filter((group) => routes.some((route) => route.menu.some((entry) => entry.group === group)));
    const titles = routes.map((route) => titleOf(route, null));
    const shown = new Set([...menuNames, ...headings, ...titles, ...literals]);
    expect(wordingEntries.filter((entry) => !shown.has(entry.text))).toEqual([]);
    expect(shellWords.filter((word) => !literals.has(word))).toEqual([]);
  });

  it('each have their words in the catalogue, said when the organisation has no wording of its own', () => {
    expect(wordingEntries.filter((entry) => !textWords.has(entry.text)).map((entry) => entry.text)).toEqual([]);
  });

  it('list each text once, in its group, and all fit in one save', () => {
    expect(listed.size).toBe(wordingEntries.length);
    const groupOf = (text: string) => wordingEntries.find((entry) => entry.text === text)?.group;
    expect(groupOf('Case Management')).toBe('Menu');
    expect(groupOf('WisH')).toBe('Menu');
    expect(groupOf('Page not found')).toBe('Page titles');
    expect(groupOf('New template')).toBe('Page titles');
    expect(groupOf('Log In')).toBe('Top bar and help');
    // The contract takes at most 200 texts in one save.
    expect(wordingEntries.length).toBeLessThanOrEqual(200);
  });
});

describe('what a save of the wording sends', () => {
  const entries = ['Case Management', 'Dashboard', 'Forms', 'Users', 'Help'].map((text) => ({ text, group: 'Menu' as const }));
  const own = { Dashboard: 'Overview', Forms: 'Completed forms', Help: 'Support' };

  it('sends a new text, null for one put back to the default, and nothing for what did not change', () => {
    const typed = { 'Case Management': '  Tenancies ', Dashboard: '', Forms: 'Completed forms', Users: '', Help: 'Help' };
    expect(wordingChange(entries, own, typed)).toEqual({ 'Case Management': 'Tenancies', Dashboard: null, Help: null });
  });

  it('sends nothing when nothing was typed', () => {
    expect(wordingChange(entries, own, {})).toEqual({});
  });
});
