/**
 * Exporting the form database: the submissions the person may see that match the filters, as
 * CSV, a batch at a time while the answer streams, the export recorded in the audit trail
 * (`downloaded`) before it starts.
 */
import { Readable } from 'node:stream';
import type { ListFilters } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { csvRecord } from './csv.js';
import { submissionsSelection } from './form-database.js';
import { countSubmissions, submissionBatch, submissionFields, templateTitle } from './repository.js';

/** Submissions read per query while exporting. */
const exportBatch = 500;

/** The columns every export starts with, before the fields. */
const fixedColumns = ['reference', 'template', 'submitted_by', 'submitted_at'] as const;

export const exportFileName = 'formsign-export.csv';

/**
 * The matching submissions as CSV: a header of column and field names, then one record per
 * submission in the list's order, read a batch at a time while the answer streams. The
 * export is recorded (`downloaded`) before it starts.
 */
export async function exportSubmissions(
  ctx: Pick<ServerContext, 'db'>,
  principal: Principal,
  filters: ListFilters,
  origin: Origin,
): Promise<Readable> {
  const fields = await submissionFields(ctx.db, principal, filters.template);
  const { where, sort } = await submissionsSelection(ctx.db, principal, filters, fields);
  const total = await countSubmissions(ctx.db, where);
  const title = filters.template ? await templateTitle(ctx.db, principal.companyId, filters.template) : null;
  await recordEvent(ctx.db, {
    event: 'downloaded',
    companyId: principal.companyId,
    actor: principal,
    target: title ?? 'All templates',
    origin,
    details: { export: 'database', submissions: total, filters: { ...filters } },
  });
  const db = ctx.db;
  async function* records(): AsyncGenerator<string> {
    yield csvRecord([...fixedColumns, ...fields.map((field) => field.name)]);
    let after: { position: string; id: number } | null = null;
    for (;;) {
      const batch = await submissionBatch(db, where, sort, after, exportBatch);
      if (batch.length > 0) {
        yield batch
          .map((row) =>
            csvRecord([
              row.reference,
              row.template,
              row.submittedBy,
              (row.submittedAt ?? new Date(0)).toISOString(),
              ...fields.map((field) => row.values[field.name]),
            ]),
          )
          .join('');
      }
      const last = batch.at(-1);
      if (!last || batch.length < exportBatch) return;
      after = { position: last.position, id: last.id };
    }
  }
  return Readable.from(records(), { objectMode: false });
}
