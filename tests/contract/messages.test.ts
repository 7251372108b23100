/**
 * The catalogues are honest: every text the code says (web and server, extracted as
 * `npm run messages` extracts them) is in every language's catalogue, translated, with the
 * same placeholders as the English; and no catalogue keeps a text the code no longer says.
 * Extracting again (`npm run messages`) and writing each new text in every language is how a
 * failure here is mended.
 */
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const configPath = fileURLToPath(new URL('../../lingui.config.ts', import.meta.url));

/** The placeholders a message names (`{name}`, and the argument of a plural), sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  // A compiled message is text, or a list of texts and placeholders: [name, kind?, its branches?].
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      names.add(String(token[0]));
      const branches: unknown = token[2];
      if (branches && typeof branches === 'object') Object.values(branches).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

interface Checked {
  name: string;
  locales: string[];
  extracted: Record<string, { message?: string }>;
  existing: Record<string, Record<string, { translation?: string; obsolete?: boolean }>>;
}

let catalogues: Checked[] = [];

beforeAll(async () => {
  const config = getConfig({ configPath });
  catalogues = await Promise.all(
    (await getCatalogs(config)).map(async (catalog) => ({
      name: relative(config.rootDir ?? '', catalog.path).replace('/{locale}', ''),
      locales: catalog.locales,
      extracted: ((await catalog.collect()) ?? {}) as Checked['extracted'],
      existing: (await catalog.readAll()) as Checked['existing'],
    })),
  );
}, 120_000);

describe('the catalogues', () => {
  it('hold every text of the code in every language, translated with the same placeholders', () => {
    const problems: string[] = [];
    for (const { name, locales, extracted, existing } of catalogues) {
      for (const [id, { message }] of Object.entries(extracted)) {
        const english = message ?? id;
        for (const locale of locales) {
          const translation = existing[locale]?.[id]?.translation;
          if (!translation) {
            problems.push(`${name} (${locale}): no translation of “${english}”`);
            continue;
          }
          let same: boolean;
          try {
            same = placeholders(translation).join() === placeholders(english).join();
          } catch (error) {
            problems.push(`${name} (${locale}): “${translation}” does not compile: ${String(error)}`);
            continue;
          }
          if (!same) problems.push(`${name} (${locale}): “${translation}” does not name the placeholders of “${english}”`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keep no text the code no longer says', () => {
    const unused = catalogues.flatMap(({ name, locales, extracted, existing }) =>
      locales.flatMap((locale) => Object.keys(existing[locale] ?? {}).flatMap((id) => (id in extracted ? [] : [`${name} (${locale}): ${id}`]))),
    );
    expect(unused).toEqual([]);
  });

  it('give a signing link’s first paint (the server’s HTML) the words the app’s signing page shows in its place', async () => {
    // The texts the first paint writes: `msg({ message })` in the server's module that paints it.
    const paint = await readFile(new URL('../../server/src/modules/forms/signing-page.ts', import.meta.url), 'utf8');
    const texts = [...paint.matchAll(/msg\(\{ message: '((?:[^'\\]|\\.)*)' \}\)/g)].map((match) => match[1] ?? '');
    expect(texts.length).toBeGreaterThan(5);
    const server = catalogues.find(({ name }) => name.startsWith('server/'));
    const signing = catalogues.find(({ name }) => name.endsWith('/signing'));
    const differ: string[] = [];
    for (const text of texts) {
      const id = generateMessageId(text);
      for (const locale of server?.locales ?? []) {
        const painted = server?.existing[locale]?.[id]?.translation;
        const shown = signing?.existing[locale]?.[id]?.translation;
        // A text the app's signing page says as well must read the same in both.
        if (shown !== undefined && painted !== shown)
          differ.push(`${locale}: “${text}” is “${painted ?? ''}” in the first paint, “${shown}” in the app`);
      }
    }
    expect(differ).toEqual([]);
  });
});
