/**
 * The catalogues of every text a person reads, in each language the product speaks (see
 * web/src/i18n/ and server/src/i18n/). `npm run messages` extracts them from the code into
 * the `.po` files translators edit, each keyed by its English text; `messages.test.ts` fails
 * when a text of the code is missing from a language, or a catalogue keeps one the code no
 * longer says. English is the source: its catalogue is what the code says.
 *
 * The server's texts are written with `msg({ message })` from `#words` (server/src/i18n/words.ts),
 * which extraction reads as Lingui's own `msg` macro and the server runs as a function that
 * gives the same id.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { fileURLToPath } from 'node:url';
import { catalogueParts } from './web/scripts/catalogue-parts.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const parts = catalogueParts(`${root}web`, root);

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es'],
  rootDir: root,
  macro: { corePackage: ['@lingui/core/macro', '#words'], jsxPackage: ['@lingui/react/macro'] },
  // No file names or line numbers: a catalogue changes when its texts do, not when code moves.
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: 'message',
  catalogs: [
    { path: '<rootDir>/web/src/locales/{locale}/shell', include: parts.shell },
    { path: '<rootDir>/web/src/locales/{locale}/signing', include: parts.signing },
    { path: '<rootDir>/web/src/locales/{locale}/pages', include: parts.pages },
    { path: '<rootDir>/server/locales/{locale}/server', include: ['<rootDir>/server/src'], exclude: ['**/*.test.ts'] },
  ],
});
