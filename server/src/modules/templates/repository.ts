/** The queries of templates and their categories; every one bounded by the company. */
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { listTotal, offsetOf, type PageRequest } from '../../db/list-filters.js';
import { categories, forms, templates } from '../../db/schema.js';

export type TemplateRecord = typeof templates.$inferSelect;

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A template of the company that is not deleted. */
export async function findTemplate(db: Database, companyId: number, id: number): Promise<(TemplateRecord & { category: string }) | undefined> {
  const [row] = await db
    .select({ template: templates, category: categories.name })
    .from(templates)
    .leftJoin(categories, eq(categories.id, templates.categoryId))
    .where(and(eq(templates.companyId, companyId), eq(templates.id, id), isNull(templates.deletedAt)));
  return row ? { ...row.template, category: row.category ?? '' } : undefined;
}

export interface ManagedQuery extends PageRequest {
  search?: string | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

const uses = sql<number>`(select count(*)::int from ${forms} where ${forms.companyId} = ${templates.companyId} and ${forms.templateId} = ${templates.id} and ${forms.deletedAt} is null)`;
const fieldCount = sql<number>`jsonb_array_length(${templates.fields})`;

const sortable: Record<string, SQL | AnyPgColumn> = {
  title: templates.title,
  category: sql`lower(coalesce(${categories.name}, ''))`,
  status: templates.status,
  fields: fieldCount,
  uses,
  created_at: templates.createdAt,
  updated_at: templates.updatedAt,
};

export async function listManaged(db: Database, companyId: number, query: ManagedQuery) {
  const words = query.search?.trim();
  const where = and(
    eq(templates.companyId, companyId),
    isNull(templates.deletedAt),
    words ? or(ilike(templates.title, `%${escapeLike(words)}%`), ilike(categories.name, `%${escapeLike(words)}%`)) : undefined,
    query.status === 'active' || query.status === 'archived' ? eq(templates.status, query.status) : undefined,
    query.from ? sql`${templates.updatedAt} >= ${query.from}::date` : undefined,
    query.to ? sql`${templates.updatedAt} < ${query.to}::date + 1` : undefined,
  );
  const column = sortable[query.sort ?? ''] ?? templates.updatedAt;
  const direction = query.order === 'asc' ? asc(column) : query.order === 'desc' || !query.sort ? desc(column) : asc(column);
  const rows = await db
    .select({ template: templates, category: categories.name, uses, fields: fieldCount })
    .from(templates)
    .leftJoin(categories, eq(categories.id, templates.categoryId))
    .where(where)
    .orderBy(direction, desc(templates.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const matching = db
    .select({ one: sql`1` })
    .from(templates)
    .leftJoin(categories, eq(categories.id, templates.categoryId))
    .where(where);
  return { ...(await listTotal(db, matching, query, rows.length)), rows };
}

/** The active templates whose title or category matches the words (Template List). */
export async function listing(db: Database, companyId: number, search: string) {
  const words = search.trim();
  return db
    .select({ template: templates, category: categories.name, fields: fieldCount })
    .from(templates)
    .leftJoin(categories, eq(categories.id, templates.categoryId))
    .where(
      and(
        eq(templates.companyId, companyId),
        isNull(templates.deletedAt),
        eq(templates.status, 'active'),
        words
          ? or(
              ilike(templates.title, `%${escapeLike(words)}%`),
              ilike(categories.name, `%${escapeLike(words)}%`),
              ilike(templates.description, `%${escapeLike(words)}%`),
            )
          : undefined,
      ),
    )
    .orderBy(asc(templates.title))
    .limit(500);
}

export async function summaries(db: Database, companyId: number) {
  return db
    .select({ id: templates.id, title: templates.title })
    .from(templates)
    .where(and(eq(templates.companyId, companyId), isNull(templates.deletedAt)))
    .orderBy(asc(templates.title));
}

/** The ids among `ids` that are templates of the company (not deleted). */
export async function ownTemplateIds(db: Database, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.companyId, companyId), inArray(templates.id, [...ids]), isNull(templates.deletedAt)));
  return rows.map((row) => row.id);
}

export type TemplateChange = Partial<Omit<typeof templates.$inferInsert, 'id' | 'companyId'>>;

export async function insertTemplate(db: Database, template: typeof templates.$inferInsert): Promise<number> {
  const [created] = await db.insert(templates).values(template).returning({ id: templates.id });
  if (!created) throw new Error('The template was not stored.');
  return created.id;
}

export async function updateTemplate(db: Database, id: number, change: TemplateChange): Promise<void> {
  await db.update(templates).set(change).where(eq(templates.id, id));
}

/** Changes several templates of the company at once (archive, restore, delete). */
export async function updateCompanyTemplates(db: Database, companyId: number, ids: readonly number[], change: TemplateChange): Promise<void> {
  await db
    .update(templates)
    .set(change)
    .where(and(eq(templates.companyId, companyId), inArray(templates.id, [...ids])));
}
