/**
 * Changing or deleting a record of a data source (`POST /prepopulation-record`). A record is
 * reached through its source, which must be the company's: anything else is refused as a
 * record that does not exist. Its reference stays what it is, and only the data's columns
 * take values.
 */
import type { PrepopulationRecordChange, PrepopulationRecordResult } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode, invalidValue } from '../../errors/app-error.js';
import { deleteRecord, findRecord, findSource, updateRecord } from './repository.js';
import { prepopulationTexts as texts } from './texts.js';
import { say, type Language } from '../../i18n/i18n.js';

const unknownRecord = (): AppError => new AppError(AppErrorCode.NotFound, texts.unknownRecord, { appCode: '-2', status: 200 });

export async function manageRecord(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  principal: Principal,
  change: PrepopulationRecordChange,
  origin: Origin,
  language: Language = 'en',
): Promise<PrepopulationRecordResult> {
  const source = await findSource(ctx.db, principal.companyId, change.id);
  if (!source) throw unknownRecord();
  const values = await findRecord(ctx.db, source.id, change.oid);
  if (!values) throw unknownRecord();
  const audit = (tx: typeof ctx.db) =>
    recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: `Data source ${source.name}`,
      details: { prepopulation: `record-${change.function}`, source: source.id, record: change.oid },
      origin,
    });
  if (change.function === 'remove') {
    await ctx.db.transaction(async (tx) => {
      await deleteRecord(tx, source.id, change.oid);
      await audit(tx);
    });
    return { code: 1, message: say(language, texts.recordRemoved), record: null };
  }
  const next: Record<string, string> = { ...values };
  for (const [header, value] of Object.entries(change.values ?? {})) {
    if (!source.headers.includes(header)) throw invalidValue(texts.noColumn, { header });
    if (header === source.reference && value.trim() !== change.oid) throw invalidValue(texts.referenceFixed, { header });
    next[header] = header === source.reference ? change.oid : value;
  }
  await ctx.db.transaction(async (tx) => {
    await updateRecord(tx, source.id, change.oid, next, ctx.now());
    await audit(tx);
  });
  return { code: 1, message: say(language, texts.recordSaved), record: { oid: change.oid, values: next } };
}
