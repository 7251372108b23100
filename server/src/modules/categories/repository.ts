/** The queries of template categories: each bounded by the company. */
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { categories, templates } from '../../db/schema.js';

export type CategoryRecord = typeof categories.$inferSelect;

/** The company's categories by name, each with how many of its templates (not deleted) use it. */
export async function listCategories(db: Database, companyId: number): Promise<{ id: number; name: string; templates: number }[]> {
  const used = db
    .select({ categoryId: templates.categoryId, n: count().as('templates') })
    .from(templates)
    .where(and(eq(templates.companyId, companyId), isNull(templates.deletedAt)))
    .groupBy(templates.categoryId)
    .as('used');
  return db
    .select({ id: categories.id, name: categories.name, templates: sql<number>`coalesce(${used.n}, 0)`.mapWith(Number) })
    .from(categories)
    .leftJoin(used, eq(used.categoryId, categories.id))
    .where(eq(categories.companyId, companyId))
    .orderBy(sql`lower(${categories.name})`, asc(categories.id));
}

export async function findCategory(db: Database, companyId: number, id: number): Promise<CategoryRecord | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.companyId, companyId), eq(categories.id, id)));
  return row;
}

/** Whether another category of the company has this name, regardless of case. */
export async function nameTaken(db: Database, companyId: number, name: string, except?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.companyId, companyId),
        sql`lower(${categories.name}) = ${name.toLowerCase()}`,
        except === undefined ? undefined : ne(categories.id, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The category of this name (regardless of case), made when it does not exist; null for none. */
export async function categoryFor(db: Database, companyId: number, name: string): Promise<number | null> {
  const clean = name.trim();
  if (!clean) return null;
  await db.insert(categories).values({ companyId, name: clean }).onConflictDoNothing();
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.companyId, companyId), sql`lower(${categories.name}) = ${clean.toLowerCase()}`));
  return row?.id ?? null;
}

export async function insertCategory(db: Database, category: { companyId: number; name: string }): Promise<number | undefined> {
  const [created] = await db.insert(categories).values(category).returning({ id: categories.id });
  return created?.id;
}

export async function renameCategory(db: Database, id: number, name: string): Promise<void> {
  await db.update(categories).set({ name }).where(eq(categories.id, id));
}

export async function deleteCategory(db: Database, id: number): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}
