/**
 * Bulk sends: the CSV to fill for a template, checking a filled one, starting the send, its
 * progress and cancelling it.
 */
import { appCodes } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import { administersCompany } from '../../auth/principal.js';
import type { RefusalBodies } from '../../http/errors.js';
import { uploadedFile } from '../../http/uploads.js';
import type { FormsContext } from '../forms/progression.js';
import { cancelBulkSend, visibleBulkSend } from './cancel-bulk-send.js';
import { checkBulkFile, maxProblemsListed, sendableTemplate } from './check-rows.js';
import { bulkCsvTemplate } from './columns.js';
import { formCounts, listBulkSends, unsentRows } from './repository.js';
import { bulkSendOf, startBulkSend } from './start-bulk-send.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { failureTexts } from '../../http/texts.js';

type BulkSendHandlers = Pick<Handlers, 'downloadBulkSendCsv' | 'checkBulkSend' | 'startBulkSend' | 'listBulkSends' | 'getBulkSend' | 'cancelBulkSend'>;

export function bulkSendHandlers(ctx: FormsContext & Pick<import('../../context.js').ServerContext, 'fileWork'>): BulkSendHandlers {
  return {
    async downloadBulkSendCsv({ query, principal, reply }) {
      const template = await sendableTemplate(ctx, principal, query.template).catch(() => {
        throw new AppError(AppErrorCode.NotFound, failureTexts.notFound);
      });
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="bulk-send-${template.id}.csv"`)
        .header('Cache-Control', 'no-store');
      return bulkCsvTemplate(template);
    },

    async checkBulkSend({ body, principal, raw }) {
      const template = await sendableTemplate(ctx, principal, Number(body.template)).catch(() => {
        throw new AppError(AppErrorCode.NotFound, failureTexts.notFound);
      });
      const checked = await checkBulkFile(ctx, principal, template, uploadedFile(raw, 'file'));
      const bad = checked.problems.length > 0;
      return {
        code: bad ? -1 : 1,
        message: appCodes.checkBulkSend[bad ? '-1' : '1'].text,
        rows: checked.count,
        problems: checked.problems.slice(0, maxProblemsListed),
        problems_total: checked.problems.length,
      };
    },

    startBulkSend: (request) => startBulkSend(ctx, request.principal, request.body, uploadedFile(request.raw, 'file'), request),

    async listBulkSends({ principal }) {
      const rows = await listBulkSends(ctx.db, principal.companyId, administersCompany(principal) ? null : principal.userId, 100);
      return { data: rows.map(bulkSendOf) };
    },

    async getBulkSend({ query, principal }) {
      const row = await visibleBulkSend(ctx, principal, query.id);
      const counts = await formCounts(ctx.db, row.id);
      const unsent = await unsentRows(ctx.db, row.id, 1000);
      return {
        bulk_send: bulkSendOf(row),
        ...counts,
        unsent: unsent.rows.map((item) => ({ row: item.row, name: item.recipients[0]?.name ?? '', email: item.recipients[0]?.email ?? '', reason: item.reason })),
        unsent_total: unsent.total,
      };
    },

    cancelBulkSend: (request) => cancelBulkSend(ctx, request.principal, request.body.id, request),
  };
}

/** A refused start (an archived template, a value not valid) answers no bulk send and no bad rows. */
export function bulkSendRefusalBodies(): Pick<RefusalBodies, 'startBulkSend'> {
  return { startBulkSend: (refusal) => ({ ...refusal, bulk_send: null, problems: [], problems_total: 0 }) };
}
