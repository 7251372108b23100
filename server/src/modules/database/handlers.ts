/** The Database operations: the form database (`/database-forms`) and its CSV export (`/get-exports`). */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { pageOf } from '../../db/list-filters.js';
import { exportFileName, exportSubmissions } from './export-submissions.js';
import { queryDatabase } from './form-database.js';

type DatabaseHandlers = Pick<Handlers, 'listDatabaseForms' | 'exportDatabase'>;

export function databaseHandlers(ctx: Pick<ServerContext, 'db' | 'config'>): DatabaseHandlers {
  return {
    async listDatabaseForms({ query, principal }) {
      return queryDatabase(ctx, principal, {
        ...pageOf(query, ctx.config.listCountCap),
        filters: query.filters ?? {},
        rows: query.rows,
        func: query.func ?? 'list',
      });
    },

    async exportDatabase({ query, principal, reply, ip, userAgent }) {
      const csv = await exportSubmissions(ctx, principal, query.filters ?? {}, { ip, userAgent });
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName}"`)
        .header('Cache-Control', 'no-store');
      // A stream: the file is written while its batches are read.
      return csv as unknown as string;
    },
  };
}
