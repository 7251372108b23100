/**
 * An administrator's wording of the interface for their company, in one language: each
 * English text of the interface gets the company's text, or (null) goes back to the
 * interface's own. Bounded by the contract (texts, how many at once) and in all: a company
 * keeps at most `mostTexts` texts across its languages, so repeated saves cannot grow its table
 * without end. The company is the administrator's own, never one named in the request.
 */
import type { StringsChange } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { countTranslations, removeTranslations, upsertTranslations } from './repository.js';
import { msg } from '#words';

/** The most texts a company keeps reworded, in all its languages: the interface has about 60 a language. */
export const mostTexts = 1_000;

export async function saveStrings(ctx: Pick<ServerContext, 'db'>, principal: Principal, change: StringsChange, origin: Origin): Promise<void> {
  const set: { source: string; text: string }[] = [];
  const reset: string[] = [];
  for (const [source, text] of Object.entries(change.strings)) {
    if (!source.trim())
      throw new AppError(AppErrorCode.InvalidInput, msg({ message: 'Each text changed must name the interface text it replaces.' }));
    if (text === null) reset.push(source);
    else if (!text.trim())
      throw new AppError(AppErrorCode.InvalidInput, msg({ message: 'Give a text for “{source}”, or reset it to the default.' }), {
        values: { source },
      });
    else set.push({ source, text: text.trim() });
  }
  await ctx.db.transaction(async (tx) => {
    await upsertTranslations(tx, principal.companyId, change.language, set);
    await removeTranslations(tx, principal.companyId, change.language, reset);
    if (set.length && (await countTranslations(tx, principal.companyId)) > mostTexts)
      throw new AppError(
        AppErrorCode.InvalidInput,
        msg({ message: 'Your company may reword at most {most, number} texts in all its languages. Reset some to the default first.' }),
        { values: { most: mostTexts } },
      );
    await recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: change.language,
      origin,
      details: { area: 'strings', language: change.language, changed: set.length, reset: reset.length },
    });
  });
}
