/**
 * The queries of form integration (Post Office): the company's integrations with their
 * template's title, its templates, and the deliveries made through the integrations.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { deliveries, integrations, templates, type FieldDefinition } from '../../db/schema.js';

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

export type IntegrationChange = Pick<typeof integrations.$inferInsert, 'source' | 'type' | 'recipient' | 'map' | 'updatedAt'>;

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
 * Records a delivery, once per integration and form: a failed one is replaced by the next
 * attempt; a delivered one stays. Answers whether this call recorded it.
 */
export async function recordDelivery(db: Database, delivery: typeof deliveries.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(deliveries)
    .values(delivery)
    .onConflictDoUpdate({
      target: [deliveries.integrationId, deliveries.formId],
      set: { status: delivery.status, files: delivery.files ?? [], detail: delivery.detail ?? '', at: delivery.at ?? sql`now()` },
      setWhere: sql`${deliveries.status} = 'failed'`,
    })
    .returning({ id: deliveries.id });
  return rows.length > 0;
}
