/** A page of a data source's records, searched in any value (`GET /prepopulation-records`). */
import type { PrepopulationRecordPage, PrepopulationRecordsQuery } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { listTotal, pageOf, searchWords } from '../../db/list-filters.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { findSource, pageOfRecords, recordsToCount } from './repository.js';
import { prepopulationTexts as texts } from './texts.js';

export async function listRecords(
  ctx: Pick<ServerContext, 'db' | 'config'>,
  principal: Principal,
  query: PrepopulationRecordsQuery,
): Promise<PrepopulationRecordPage> {
  const source = await findSource(ctx.db, principal.companyId, query.id);
  if (!source) throw new AppError(AppErrorCode.NotFound, texts.unknownSource);
  const page = pageOf(query, ctx.config.listCountCap);
  const words = searchWords(query.search);
  const records = await pageOfRecords(ctx.db, source.id, words, page);
  const total = await listTotal(ctx.db, recordsToCount(ctx.db, source.id, words), page, records.length);
  return { page: page.page, limit: page.limit, ...total, headers: source.headers, reference: source.reference, records };
}
