/**
 * The interface strings of a company: the languages it offers and its translations of the
 * interface, keyed by the English text. The languages the product speaks are always offered,
 * each named in itself (English, Deutsch, Français, Español: the interface's own words, so
 * their tables hold only the words a company changed), then any other the company has words
 * for; the default is the company's language. An unknown company gets the product's languages,
 * English first and by default.
 */
import type { Strings } from '@formsign/sdk/contract';
import { findCompany } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { languageNames, languages } from '../../i18n/i18n.js';
import { translationsOf } from './repository.js';

/** A language's own name (`Deutsch`, `Français`), from the runtime's language data. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    if (name && name !== code) return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    // Not a code the runtime knows: the code itself.
  }
  return code;
}

const productLanguages = (): Strings => ({
  default: 'en',
  languages: languages.map((code) => ({ code, name: languageNames[code] })),
  strings: Object.fromEntries(languages.map((code) => [code, {}])),
});

export async function readStrings(ctx: Pick<ServerContext, 'db'>, companyId: number): Promise<Strings> {
  const company = await findCompany(ctx.db, companyId);
  if (!company) return productLanguages();
  const answer = productLanguages();
  for (const row of await translationsOf(ctx.db, company.id)) {
    let table = answer.strings[row.language];
    if (!table) {
      table = {};
      answer.strings[row.language] = table;
      answer.languages.push({ code: row.language, name: languageName(row.language) });
    }
    table[row.source] = row.text;
  }
  const wanted = company.settings.language;
  if (wanted && answer.strings[wanted]) answer.default = wanted;
  return answer;
}
