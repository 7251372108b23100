/**
 * The queries of form integration (Post Office): the company's integrations with their
 * template's title, its templates, and the deliveries made through the integrations.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rawRows } from '../../db/raw-rows.js';
import { listTotal, offsetOf, type ListTotal, type PageRequest } from '../../db/list-filters.js';
import { deliveries, forms, integrations, templates, type FieldDefinition } from '../../db/schema.js';

export type IntegrationRecord = typeof integrations.$inferSelect & { title: string };

function selectIntegrations(db: Database) {
  return db
    .select({
      id: integrations.id,
      companyId: integrations.companyId,
      templateId: integrations.templateId,
      source: integrations.source,
      type: integrations.type,
      recipient: integrations.recipient,
      map: integrations.map,
      updatedAt: integrations.updatedAt,
      username: integrations.username,
      credentials: integrations.credentials,
      hostKey: integrations.hostKey,
      title: templates.title,
    })
    .from(integrations)
    .innerJoin(templates, eq(templates.id, integrations.templateId));
}

export async function listIntegrations(db: Database, companyId: number): Promise<IntegrationRecord[]> {
  return selectIntegrations(db)
    .where(eq(integrations.companyId, companyId))
    .orderBy(asc(templates.title), asc(integrations.source), asc(integrations.id));
}

export async function findIntegration(db: Database, companyId: number, id: number): Promise<IntegrationRecord | undefined> {
  const [row] = await selectIntegrations(db).where(and(eq(integrations.companyId, companyId), eq(integrations.id, id)));
  return row;
}

/** The integration of a template that delivers to a kind of destination (one per template and destination). */
export async function findTemplateIntegration(
  db: Database,
  companyId: number,
  templateId: number,
  source: IntegrationRecord['source'],
): Promise<IntegrationRecord | undefined> {
  const [row] = await selectIntegrations(db)
    .where(and(eq(integrations.companyId, companyId), eq(integrations.templateId, templateId), eq(integrations.source, source)))
    .orderBy(asc(integrations.id))
    .limit(1);
  return row;
}

/** The integrations a template's completed forms go through. */
export async function templateIntegrations(db: Database, companyId: number, templateId: number): Promise<IntegrationRecord[]> {
  return selectIntegrations(db)
    .where(and(eq(integrations.companyId, companyId), eq(integrations.templateId, templateId)))
    .orderBy(asc(integrations.id));
}

export interface TemplateRecord {
  id: number;
  title: string;
  fields: FieldDefinition[];
}

/** The company's templates that are not deleted, by title. */
export async function companyTemplates(db: Database, companyId: number): Promise<TemplateRecord[]> {
  return db
    .select({ id: templates.id, title: templates.title, fields: templates.fields })
    .from(templates)
    .where(and(eq(templates.companyId, companyId), isNull(templates.deletedAt)))
    .orderBy(asc(templates.title), asc(templates.id));
}

export async function findTemplate(db: Database, companyId: number, id: number): Promise<TemplateRecord | undefined> {
  const [row] = await db
    .select({ id: templates.id, title: templates.title, fields: templates.fields })
    .from(templates)
    .where(and(eq(templates.companyId, companyId), eq(templates.id, id), isNull(templates.deletedAt)));
  return row;
}

export type IntegrationChange = Pick<typeof integrations.$inferInsert, 'source' | 'type' | 'recipient' | 'map' | 'updatedAt' | 'hostKey'>;

export async function insertIntegration(db: Database, companyId: number, templateId: number, change: IntegrationChange): Promise<number> {
  const [row] = await db
    .insert(integrations)
    .values({ companyId, templateId, ...change })
    .returning({ id: integrations.id });
  if (!row) throw new Error('The integration was not saved.');
  return row.id;
}

export async function updateIntegration(db: Database, id: number, change: IntegrationChange): Promise<void> {
  await db.update(integrations).set(change).where(eq(integrations.id, id));
}

export async function deleteIntegration(db: Database, id: number): Promise<void> {
  await db.delete(integrations).where(eq(integrations.id, id));
}

/** The integrations (of `ids`) that have delivered a form already. */
export async function deliveredThrough(db: Database, formId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: deliveries.integrationId })
    .from(deliveries)
    .where(and(eq(deliveries.formId, formId), inArray(deliveries.integrationId, [...ids]), eq(deliveries.status, 'delivered')));
  return new Set(rows.map((row) => row.id));
}

/**
 * Records an attempt to deliver a form through an integration, unless the form was delivered
 * through it already (a delivered one stays the last). Answers the attempt's id, or null.
 */
export async function recordDelivery(db: Database, delivery: typeof deliveries.$inferInsert): Promise<number | null> {
  const [row] = await rawRows<{ id: number }>(
    db,
    sql`insert into ${deliveries} (integration_id, form_id, files, status, detail, at)
        select ${delivery.integrationId}, ${delivery.formId}, array[${sql.join(
          (delivery.files ?? []).map((file) => sql`${file}`),
          sql`, `,
        )}]::text[], ${delivery.status}, ${delivery.detail ?? ''},
               ${(delivery.at ?? new Date()).toISOString()}::timestamptz
        where not exists (
          select 1 from ${deliveries}
          where form_id = ${delivery.formId} and integration_id = ${delivery.integrationId} and status = 'delivered'
        )
        returning id`,
  );
  return row?.id ?? null;
}

export interface DeliveryRecord {
  id: number;
  at: Date;
  formId: number;
  reference: string;
  status: 'delivered' | 'failed';
  files: string[];
  detail: string;
}

const deliveryColumns = {
  id: deliveries.id,
  at: deliveries.at,
  formId: deliveries.formId,
  reference: forms.reference,
  status: deliveries.status,
  files: deliveries.files,
  detail: deliveries.detail,
};

/** A page of an integration's deliveries, newest first (`deliveries_integration_at_idx`). */
export async function listDeliveries(db: Database, integrationId: number, page: PageRequest): Promise<{ rows: DeliveryRecord[]; total: ListTotal }> {
  const rows = await db
    .select(deliveryColumns)
    .from(deliveries)
    .innerJoin(forms, eq(forms.id, deliveries.formId))
    .where(eq(deliveries.integrationId, integrationId))
    .orderBy(desc(deliveries.at), desc(deliveries.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const matching = db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.integrationId, integrationId));
  return { rows, total: await listTotal(db, matching, page, rows.length) };
}

export async function findDelivery(db: Database, integrationId: number, id: number): Promise<DeliveryRecord | undefined> {
  const [row] = await db
    .select(deliveryColumns)
    .from(deliveries)
    .innerJoin(forms, eq(forms.id, deliveries.formId))
    .where(and(eq(deliveries.integrationId, integrationId), eq(deliveries.id, id)));
  return row;
}

/** Keeps the host key met on the first connection, unless one is pinned already. */
export async function pinHostKey(db: Database, id: number, hostKey: string): Promise<void> {
  await db
    .update(integrations)
    .set({ hostKey })
    .where(and(eq(integrations.id, id), isNull(integrations.hostKey)));
}

export async function updateCredentials(
  db: Database,
  id: number,
  change: { username: string; credentials: string | null; hostKey?: null; updatedAt: Date },
): Promise<void> {
  await db.update(integrations).set(change).where(eq(integrations.id, id));
}
