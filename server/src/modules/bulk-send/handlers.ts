/**
 * Bulk sends: the CSV to fill for a template, checking a filled one or starting the send, its
 * progress and cancelling it.
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { administersCompany } from '../../auth/principal.js';
import { uploadedFile } from '../../http/uploads.js';
import type { FormsContext } from '../forms/progression.js';
import { cancelBulkSend, visibleBulkSend } from './cancel-bulk-send.js';
import { sendableTemplate } from './check-rows.js';
import { bulkCsvTemplate } from './columns.js';
import { formCounts, listBulkSends, unsentRows } from './repository.js';
import { bulkSendOf, startBulkSend } from './start-bulk-send.js';
import { unsentReason } from './texts.js';

type BulkSendHandlers = Pick<Handlers, 'downloadBulkSendCsv' | 'startBulkSend' | 'listBulkSends' | 'cancelBulkSend'>;

export function bulkSendHandlers(ctx: FormsContext & Pick<ServerContext, 'fileWork'>): BulkSendHandlers {
  return {
    async downloadBulkSendCsv({ query, principal, reply, language }) {
      const template = await sendableTemplate(ctx, principal, query.template);
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="bulk-send-${template.id}.csv"`)
        .header('Cache-Control', 'no-store');
      return bulkCsvTemplate(template, language);
    },

    startBulkSend: (request) => startBulkSend(ctx, request.principal, request.body, uploadedFile(request.raw, 'file'), request, request.language),

    async listBulkSends({ query, principal, language }) {
      if (query.id === undefined) {
        const rows = await listBulkSends(ctx.db, principal.companyId, administersCompany(principal) ? null : principal.userId, 100);
        return { data: rows.map(bulkSendOf), detail: null };
      }
      const row = await visibleBulkSend(ctx, principal, query.id);
      const counts = await formCounts(ctx.db, row.id);
      const unsent = await unsentRows(ctx.db, row.id, 1000);
      return {
        data: [bulkSendOf(row)],
        detail: {
          ...counts,
          unsent: unsent.rows.map((item) => ({
            row: item.row,
            name: item.recipients[0]?.name ?? '',
            email: item.recipients[0]?.email ?? '',
            reason: unsentReason(language, item.reason),
          })),
          unsent_total: unsent.total,
        },
      };
    },

    cancelBulkSend: (request) => cancelBulkSend(ctx, request.principal, request.body.id, request, request.language),
  };
}
