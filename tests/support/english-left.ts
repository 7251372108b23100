/**
 * What a page still says in English when it should speak another language: every visible text
 * of the page (and the names and hints assistive technology reads: `aria-label`, `title`,
 * `placeholder`, `alt`) that is one of the product's English texts (the app's and the server's
 * catalogues) whose translation in that language is different. A text the two languages write
 * alike ("Webhooks", "Documents" in French) is no sign of English; names, addresses and values
 * people typed are in no catalogue.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

const root = new URL('../../', import.meta.url);
const catalogueFiles = [
  'web/src/locales/{lang}/shell.po',
  'web/src/locales/{lang}/signing.po',
  'web/src/locales/{lang}/pages.po',
  'server/locales/{lang}/server.po',
];

/** A catalogue's texts: each English text (msgid) with its translation. */
function catalogue(language: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of catalogueFiles) {
    const po = readFileSync(new URL(file.replace('{lang}', language), root), 'utf8');
    for (const entry of po.split(/\n\n+/)) {
      // A text may continue on the following lines, each in quotes.
      const field = (name: string): string | undefined => {
        const match = new RegExp(`^${name} ((?:"(?:[^"\\\\]|\\\\.)*"\\n?)+)`, 'm').exec(entry);
        return match?.[1]
          ?.trim()
          .split('\n')
          .map((line) => JSON.parse(line) as string)
          .join('');
      };
      const id = field('msgid');
      const translation = field('msgstr');
      if (id && translation !== undefined) texts.set(id, translation);
    }
  }
  return texts;
}

/** A message's own words, and its placeholders (with their plurals and selects) as `hole`. */
function literalParts(message: string, hole: string, escape: (text: string) => string): string {
  let out = '';
  let depth = 0;
  for (const char of message) {
    if (char === '{') {
      if (depth === 0) out += hole;
      depth++;
    } else if (char === '}') {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      out += escape(char);
    }
  }
  // The tags of rich text (`<0>…</0>`) are elements on the page: their text stays, the tags go.
  return out.replace(/<\/?\d+\/?>/g, '');
}

/** A message as a pattern of the text it shows: its placeholders, plurals and selects stand for any text. */
function patternOf(message: string): RegExp {
  const source = literalParts(message, '.+?', (char) => char.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${source.replace(/\s+/g, '\\s+')}$`, 's');
}

export interface EnglishTexts {
  exact: Set<string>;
  patterns: RegExp[];
}

/** The English texts that `language` writes otherwise. */
export function englishOnly(language: string): EnglishTexts {
  const english = catalogue('en');
  const other = catalogue(language);
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const [id] of english) {
    const translation = other.get(id);
    if (!translation || translation === id) continue;
    const shown = id.replace(/<\/?\d+\/?>/g, '');
    if (!/[{<]/.test(id)) exact.add(shown.replace(/\s+/g, ' ').trim());
    // A pattern needs words of its own: "{count}" alone, or "{a}: {b}", matches any text.
    else if (literalParts(id, '', (char) => char).replace(/[^A-Za-z]/g, '').length >= 8) patterns.push(patternOf(id));
  }
  return { exact, patterns };
}

/** Every text the page shows or names, once each. */
export async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const add = (text: string | null | undefined): void => {
      const clean = (text ?? '').replace(/\s+/g, ' ').trim();
      if (clean.length >= 2 && /[A-Za-z]{2}/.test(clean)) found.add(clean);
    };
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(element.tagName)) continue;
      const visible = element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
      // Assistive technology reads a hidden label too (visually hidden text is laid out, so it counts as visible).
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) add(element.getAttribute(name));
      if (!visible) continue;
      if (element instanceof HTMLOptionElement) add(element.text);
      // Each text node, and each element's whole text when it is short (a sentence around a link or a value).
      for (const node of Array.from(element.childNodes)) if (node.nodeType === Node.TEXT_NODE) add(node.textContent);
      const whole = element.innerText;
      if (whole && whole.length <= 400) add(whole);
    }
    return [...found];
  });
}

/** The texts of the page that are still English, where `language` says them otherwise. */
export async function englishLeft(page: Page, language: string): Promise<string[]> {
  const { exact, patterns } = englishOnly(language);
  const texts = await textsOf(page);
  return texts.filter((text) => exact.has(text) || patterns.some((pattern) => pattern.test(text)));
}
