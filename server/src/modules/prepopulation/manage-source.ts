/**
 * Renaming a data source, mapping its columns to a template's fields, deleting it
 * (`POST /prepopulation-source`). A source of another company is refused as one that does
 * not exist; each change is audited in its transaction.
 */
import type { PrepopulationSourceChange, PrepopulationSourceResult } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode, invalidValue } from '../../errors/app-error.js';
import { findTemplate } from '../templates/repository.js';
import { checkedOrder } from './mapping.js';
import { deleteSource, findSource, mapSource, renameSource } from './repository.js';
import { summary } from './summary.js';
import { prepopulationTexts as texts } from './texts.js';
import { say, type Language } from '../../i18n/i18n.js';

const unknownSource = (): AppError => new AppError(AppErrorCode.NotFound, texts.unknownSource, { appCode: '-2', status: 200 });

export async function manageSource(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  principal: Principal,
  change: PrepopulationSourceChange,
  origin: Origin,
  language: Language = 'en',
): Promise<PrepopulationSourceResult> {
  const source = await findSource(ctx.db, principal.companyId, change.id);
  if (!source) throw unknownSource();
  const audit = (tx: typeof ctx.db, details: Record<string, unknown>) =>
    recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: `Data source ${source.name}`,
      details: { prepopulation: change.function, source: source.id, ...details },
      origin,
    });
  switch (change.function) {
    case 'remove':
      await ctx.db.transaction(async (tx) => {
        await deleteSource(tx, source.id);
        await audit(tx, {});
      });
      return { code: 1, message: say(language, texts.removed), source: null };
    case 'rename': {
      const name = (change.name ?? '').trim();
      if (!name) throw invalidValue(texts.noName);
      await ctx.db.transaction(async (tx) => {
        await renameSource(tx, source.id, name, ctx.now());
        await audit(tx, { name });
      });
      break;
    }
    case 'map': {
      const template = change.template === undefined ? undefined : await findTemplate(ctx.db, principal.companyId, change.template);
      if (!template) throw invalidValue(texts.noTemplate);
      const checked = checkedOrder(template.fields, source.headers, change.order ?? {});
      if ('fault' in checked) throw invalidValue(checked.fault);
      await ctx.db.transaction(async (tx) => {
        await mapSource(tx, source.id, template.id, checked.order, ctx.now());
        await audit(tx, { template: template.id, order: checked.order });
      });
      break;
    }
  }
  const after = await findSource(ctx.db, principal.companyId, source.id);
  return { code: 1, message: say(language, texts.saved), source: after ? summary(after) : null };
}
