/**
 * The Logs operations and the form audit: the action records (`filters[source]=user`, the
 * default), the system log (`system`) and the audit trail of forms, all read from the one
 * audit trail of the caller's company.
 */
import type { ListFilters, LogRecord } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { companyTimeZone } from '../../companies/repository.js';
import { pageOf, searchWords } from '../../db/list-filters.js';
import { actionText, actorShown } from './action-texts.js';
import { exportFormAudit } from './export-form-audit.js';
import { listFormAuditEvents, listLogRecords, type LogRow } from './repository.js';
import type { Language } from '../../i18n/i18n.js';

type LogsHandlers = Pick<Handlers, 'listLogs' | 'listFormAudit' | 'exportFormAudit'>;

export function logRecord(row: LogRow, language: Language = 'en'): LogRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
    source: row.source,
    level: row.level,
    user: row.source === 'system' ? '' : row.user,
    action: actionText(row.event, row.details, language),
    target: row.target,
    ip: row.ip,
  };
}

const formAuditSorts = new Set(['at', 'reference', 'title', 'event', 'actor']);

/** The form audit's filters as the server applied them: the ones it honours, cleaned. */
function understoodFilters(filters: ListFilters): ListFilters {
  const search = searchWords(filters.search);
  return {
    ...(search ? { search } : {}),
    ...(filters.event ? { event: filters.event } : {}),
    ...(filters.template ? { template: filters.template } : {}),
    ...(filters.form ? { form: filters.form } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.sort && formAuditSorts.has(filters.sort) ? { sort: filters.sort } : {}),
    ...(filters.order ? { order: filters.order } : {}),
  };
}

export function logsHandlers(ctx: Pick<ServerContext, 'db' | 'config' | 'now' | 'fileWork'>): LogsHandlers {
  return {
    async listLogs({ query, principal, language }) {
      const page = pageOf(query, ctx.config.listCountCap);
      const filters = query.filters ?? {};
      const timeZone = await companyTimeZone(ctx.db, principal.companyId);
      const { rows, ...total } = await listLogRecords(ctx.db, principal.companyId, {
        ...page,
        source: filters.source ?? 'user',
        search: searchWords(filters.search),
        from: filters.from,
        to: filters.to,
        sort: filters.sort,
        order: filters.order,
        timeZone,
        language,
      });
      return { page: page.page, limit: page.limit, ...total, data: rows.map((row) => logRecord(row, language)) };
    },

    async listFormAudit({ query, principal, language }) {
      const page = pageOf(query, ctx.config.listCountCap);
      const filters = understoodFilters(query.filters ?? {});
      const timeZone = await companyTimeZone(ctx.db, principal.companyId);
      const { rows, ...total } = await listFormAuditEvents(ctx.db, principal, { ...page, ...filters, search: filters.search ?? null, timeZone });
      return {
        query: { page: page.page, limit: page.limit, ...total, filters },
        forms: rows.map((row) => ({
          id: row.id,
          form_id: row.formId,
          reference: row.reference,
          title: row.title,
          event: row.event,
          actor: actorShown(row.actor, language),
          at: row.at.toISOString(),
          ip: row.ip,
        })),
      };
    },

    async exportFormAudit({ query, principal, reply, ip, userAgent, language }) {
      const filters = understoodFilters(query.filters ?? {});
      const timeZone = await companyTimeZone(ctx.db, principal.companyId);
      const file = await exportFormAudit(
        ctx,
        principal,
        { ...filters, search: filters.search ?? null, timeZone },
        query.format ?? 'csv',
        { ip, userAgent },
        language,
      );
      reply.type(file.type).header('Content-Disposition', `attachment; filename="${file.name}"`).header('Cache-Control', 'no-store');
      // CSV is a stream: the file is written while its batches are read.
      return file.body as unknown as string;
    },
  };
}
