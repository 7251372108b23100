/** Every query of bulk sends and their rows. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rawRows } from '../../db/raw-rows.js';
import { bulkSendRows, bulkSends, formRecipients, forms, templates } from '../../db/schema.js';
import type { BulkRow } from './check-rows.js';

export type BulkSendRecord = typeof bulkSends.$inferSelect;
export type BulkSendStatus = BulkSendRecord['status'];

export async function insertBulkSend(tx: Database, values: typeof bulkSends.$inferInsert): Promise<BulkSendRecord> {
  const [row] = await tx.insert(bulkSends).values(values).returning();
  if (!row) throw new Error('The bulk send was not stored.');
  return row;
}

/** The rows to send, a thousand to a statement. */
export async function insertBulkRows(tx: Database, bulkSendId: number, rows: readonly BulkRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await tx
      .insert(bulkSendRows)
      .values(rows.slice(start, start + 1000).map(({ row, recipients, values }) => ({ bulkSendId, row, recipients, values })));
  }
}

export interface BulkSendRow extends BulkSendRecord {
  template: string;
}

const withTemplate = { bulk: bulkSends, template: templates.title };

/** A bulk send of the organisation, with its template's title. */
export async function findBulkSend(db: Database, companyId: number, id: number): Promise<BulkSendRow | undefined> {
  const [row] = await db
    .select(withTemplate)
    .from(bulkSends)
    .innerJoin(templates, eq(templates.id, bulkSends.templateId))
    .where(and(eq(bulkSends.companyId, companyId), eq(bulkSends.id, id)));
  return row ? { ...row.bulk, template: row.template } : undefined;
}

/** The newest bulk sends of the organisation, or of one sender in it. */
export async function listBulkSends(db: Database, companyId: number, senderId: number | null, limit: number): Promise<BulkSendRow[]> {
  const rows = await db
    .select(withTemplate)
    .from(bulkSends)
    .innerJoin(templates, eq(templates.id, bulkSends.templateId))
    .where(and(eq(bulkSends.companyId, companyId), senderId === null ? undefined : eq(bulkSends.senderId, senderId)))
    .orderBy(desc(bulkSends.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.bulk, template: row.template }));
}

/** The bulk send, locked until `tx` ends: a cancel and a batch of its rows never cross. */
export async function lockBulkSend(tx: Database, id: number): Promise<BulkSendRecord | undefined> {
  const [row] = await tx.select().from(bulkSends).where(eq(bulkSends.id, id)).for('update');
  return row;
}

export async function pendingRows(db: Database, id: number, limit: number) {
  return db
    .select()
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.status, 'pending')))
    .orderBy(asc(bulkSendRows.row))
    .limit(limit);
}

export interface RowOutcome {
  row: number;
  status: 'sent' | 'unsent';
  formId: number | null;
  reason: string;
}

/**
 * A row decided (sent, or not sent) keeps only its people's names and addresses, listed on the
 * batch's page: the values it gave are the form's now (or were never sent), and an access code
 * is kept only as the form's place keeps it, hashed.
 */
const decided = sql`${sql.identifier('values')} = '{}'::jsonb, recipients = (
    select coalesce(jsonb_agg(person.value - 'accessCode' order by person.ordinality), '[]'::jsonb)
    from jsonb_array_elements(${bulkSendRows.recipients}) with ordinality as person)`;

/** Records what became of a batch of rows, in one statement, and counts them on the bulk send. */
export async function recordOutcomes(tx: Database, id: number, outcomes: readonly RowOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const data = JSON.stringify(outcomes.map(({ row, status, formId, reason }) => ({ row, status, form_id: formId, reason })));
  await tx.execute(sql`
    update ${bulkSendRows} set status = v.status, form_id = v.form_id, reason = v.reason, ${decided}
    from jsonb_to_recordset(${data}::jsonb) as v("row" integer, status text, form_id integer, reason text)
    where ${bulkSendRows.bulkSendId} = ${id} and ${bulkSendRows.row} = v."row"`);
  const sent = outcomes.filter((outcome) => outcome.status === 'sent').length;
  await tx
    .update(bulkSends)
    .set({ sent: sql`${bulkSends.sent} + ${sent}`, unsent: sql`${bulkSends.unsent} + ${outcomes.length - sent}` })
    .where(eq(bulkSends.id, id));
}

/** Every row still to send is not sent, for `reason`; answers how many. */
export async function giveUpPending(tx: Database, id: number, reason: string): Promise<number> {
  const given = await rawRows<{ row: number }>(
    tx,
    sql`update ${bulkSendRows} set status = 'unsent', reason = ${reason}, ${decided}
        where ${bulkSendRows.bulkSendId} = ${id} and ${bulkSendRows.status} = 'pending' returning ${bulkSendRows.row} as "row"`,
  );
  if (given.length > 0)
    await tx
      .update(bulkSends)
      .set({ unsent: sql`${bulkSends.unsent} + ${given.length}` })
      .where(eq(bulkSends.id, id));
  return given.length;
}

export async function endBulkSend(
  tx: Database,
  id: number,
  status: Exclude<BulkSendStatus, 'sending'>,
  at: Date,
): Promise<BulkSendRecord | undefined> {
  const [row] = await tx
    .update(bulkSends)
    .set({ status, finishedAt: at })
    .where(and(eq(bulkSends.id, id), eq(bulkSends.status, 'sending')))
    .returning();
  return row;
}

/** How many of the bulk send's forms a recipient opened, and how many are complete. */
export async function formCounts(db: Database, id: number): Promise<{ opened: number; completed: number }> {
  const [row] = await db
    .select({
      opened:
        sql<number>`count(*) filter (where exists (select 1 from ${formRecipients} where ${formRecipients.formId} = ${forms.id} and ${formRecipients.openedAt} is not null))`.mapWith(
          Number,
        ),
      completed: sql<number>`count(*) filter (where ${forms.status} = 'completed')`.mapWith(Number),
    })
    .from(bulkSendRows)
    .innerJoin(forms, eq(forms.id, bulkSendRows.formId))
    .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.status, 'sent')));
  return { opened: row?.opened ?? 0, completed: row?.completed ?? 0 };
}

/** The rows not sent, in the file's order. */
export async function unsentRows(db: Database, id: number, limit: number) {
  const where = and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.status, 'unsent'));
  const rows = await db
    .select({ row: bulkSendRows.row, recipients: bulkSendRows.recipients, reason: bulkSendRows.reason })
    .from(bulkSendRows)
    .where(where)
    .orderBy(asc(bulkSendRows.row))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(bulkSendRows).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The bulk sends still sending: their jobs are queued again on start. */
export async function sendingBulkSends(db: Database): Promise<number[]> {
  const rows = await db.select({ id: bulkSends.id }).from(bulkSends).where(eq(bulkSends.status, 'sending'));
  return rows.map((row) => row.id);
}
