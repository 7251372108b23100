/**
 * The interface strings (`POST /get-strings?cid=`): the languages a company offers and its
 * translations of the interface, keyed by the English text. English is always offered (the
 * interface's own words: its table holds only the words a company changed); the default is the company's language
 * setting when it offers that language, else English. An unknown company gets English only.
 * Public: the signed-out pages read the installation's own company's strings.
 */
import { asc, eq } from 'drizzle-orm';
import type { Strings } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { translations } from '../../db/schema.js';
import { findCompany } from '../../companies/repository.js';

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

const englishOnly = (): Strings => ({ default: 'en', languages: [{ code: 'en', name: 'English' }], strings: { en: {} } });

export function stringsHandlers(ctx: ServerContext): Pick<Handlers, 'getStrings'> {
  return {
    async getStrings({ query }) {
      const company = await findCompany(ctx.db, query.cid);
      if (!company) return englishOnly();
      const rows = await ctx.db
        .select({ language: translations.language, source: translations.source, text: translations.text })
        .from(translations)
        .where(eq(translations.companyId, company.id))
        .orderBy(asc(translations.language), asc(translations.source));
      const answer = englishOnly();
      for (const row of rows) {
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
    },
  };
}
