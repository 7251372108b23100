/** The queries of user groups: each bounded by the company. */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { groups, users } from '../../db/schema.js';

export type GroupRecord = typeof groups.$inferSelect;

/**
 * The company's groups by name. Members are read against the company's users, so a person
 * deleted since a group was saved is no longer listed in it.
 */
export async function listGroups(db: Database, companyId: number): Promise<{ id: number; name: string; members: number[] }[]> {
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      members: sql<
        number[]
      >`coalesce((select array_agg(${users.id} order by ${users.id}) from ${users} where ${users.companyId} = ${groups.companyId} and ${users.id} = any(${groups.members})), '{}'::integer[])`,
    })
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(sql`lower(${groups.name})`, asc(groups.id));
  return rows.map((row) => ({ ...row, members: (row.members ?? []).map(Number) }));
}

export async function findGroup(db: Database, companyId: number, id: number): Promise<GroupRecord | undefined> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, id)));
  return row;
}

export async function groupNameTaken(db: Database, companyId: number, name: string, except?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.companyId, companyId),
        sql`lower(${groups.name}) = ${name.toLowerCase()}`,
        except === undefined ? undefined : ne(groups.id, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** How many of these ids are users of the company. */
export async function companyUsersAmong(db: Database, companyId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids])));
  return rows.length;
}

export async function insertGroup(db: Database, group: { companyId: number; name: string; members: number[] }): Promise<number | undefined> {
  const [created] = await db.insert(groups).values(group).returning({ id: groups.id });
  return created?.id;
}

export async function updateGroup(db: Database, id: number, change: { name: string; members?: number[] }): Promise<void> {
  await db.update(groups).set(change).where(eq(groups.id, id));
}

export async function deleteGroup(db: Database, id: number): Promise<void> {
  await db.delete(groups).where(eq(groups.id, id));
}
