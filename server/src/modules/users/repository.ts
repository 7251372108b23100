/**
 * The queries of people and their organisations. Every query of a signed-in person's data is
 * bounded by their `company_id`.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { listTotal, offsetOf, type ListTotal, type PageRequest } from '../../db/list-filters.js';
import { users } from '../../db/schema.js';

export type UserRecord = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** The fields of a person a change sets. */
export type UserChange = Partial<NewUser>;

/** The person a login name or email belongs to (either, regardless of case). */
export async function findByLogin(db: Database, login: string): Promise<UserRecord | undefined> {
  const key = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.name}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(1);
  return row;
}

export async function findByEmail(db: Database, email: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUser(db: Database, id: number): Promise<UserRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A user of one company only: another company's id answers nothing. */
export async function findCompanyUser(db: Database, companyId: number, id: number): Promise<UserRecord | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}

/** Whether a login name or an email is taken (regardless of case). */
export async function loginTaken(db: Database, name: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.name}) = ${name.trim().toLowerCase()}`, sql`lower(${users.email}) = ${email.trim().toLowerCase()}`))
    .limit(1);
  return row !== undefined;
}

/** Whether a login name is taken (regardless of case). */
export async function nameTaken(db: Database, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.name}) = ${name.trim().toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** A free login name made from an email address: `maya.fischer`, else `maya.fischer2`, ... */
export async function freeLoginName(db: Database, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '')
      .slice(0, 50) || 'user';
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(sql`lower(${users.name}) like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const taken = new Set(rows.map((row) => row.name.toLowerCase()));
  if (!taken.has(base) && base.length >= 3) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export type UserStatus = 'active' | 'invited' | 'blocked';

export function statusOf(user: Pick<UserRecord, 'blockedAt' | 'passwordHash' | 'activatedAt'>): UserStatus {
  if (user.blockedAt) return 'blocked';
  if (!user.passwordHash || !user.activatedAt) return 'invited';
  return 'active';
}

function statusFilter(status: string | undefined): SQL | undefined {
  switch (status) {
    case 'blocked':
      return isNotNull(users.blockedAt);
    case 'invited':
      return and(isNull(users.blockedAt), or(isNull(users.passwordHash), isNull(users.activatedAt)));
    case 'active':
      return and(isNull(users.blockedAt), isNotNull(users.passwordHash), isNotNull(users.activatedAt));
    default:
      return undefined;
  }
}

export interface UserQuery extends PageRequest {
  search?: string | undefined;
  status?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

const sortable = {
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  class: users.class,
  last_login: users.lastLoginAt,
  id: users.id,
} as const;

/** A page of a company's users, searched by name and email, filtered by status. */
export async function listUsers(db: Database, companyId: number, query: UserQuery): Promise<ListTotal & { rows: UserRecord[] }> {
  const words = (query.search ?? '').trim();
  const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(users.companyId, companyId),
    words
      ? or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))
      : undefined,
    statusFilter(query.status),
  );
  const column = sortable[(query.sort ?? 'id') as keyof typeof sortable] ?? users.id;
  const direction = query.order === 'desc' ? desc(column) : asc(column);
  const rows = await db.select().from(users).where(where).orderBy(direction, asc(users.id)).limit(query.limit).offset(offsetOf(query));
  return {
    ...(await listTotal(
      db,
      db
        .select({ one: sql`1` })
        .from(users)
        .where(where),
      query,
      rows.length,
    )),
    rows,
  };
}

/** How many administrators a company has who are not blocked. */
export async function activeAdministrators(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin'), eq(users.personal, false), isNull(users.blockedAt)));
  return row?.n ?? 0;
}

/** The users of a company among these ids who can log in (not blocked). */
export async function activeCompanyUsers(db: Database, companyId: number, ids: readonly number[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids]), isNull(users.blockedAt)));
}

/** A user of a company who can log in, by email (regardless of case). */
export async function activeCompanyUserByEmail(db: Database, companyId: number, email: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.blockedAt)));
  return row;
}

/** Which of these ids are users of the company (blocked or not). */
export async function companyUserIdsAmong(db: Database, companyId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids])));
  return rows.map((row) => row.id);
}

/** The ids of the company's users. */
export async function companyUserIds(db: Database, companyId: number): Promise<Set<number>> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  return new Set(rows.map((row) => row.id));
}

/** A person, held until the end of the transaction (a link followed twice at once acts once). */
export async function lockUser(db: Database, id: number): Promise<UserRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Whether an account other than this one has the address (regardless of case). */
export async function emailTakenByOther(db: Database, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(db: Database, user: NewUser): Promise<UserRecord> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('The user was not created.');
  return row;
}

/** Sets the fields of a change; the person as they are now, or undefined when they are gone. */
export async function updateUser(db: Database, id: number, change: UserChange): Promise<UserRecord | undefined> {
  const [row] = await db.update(users).set(change).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Sets a new password only if the password is still the one given (null: an invitation not
 * yet taken): false when it changed in the meantime.
 */
export async function replacePassword(db: Database, id: number, expectedHash: string | null, change: UserChange): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set(change)
    .where(and(eq(users.id, id), expectedHash ? eq(users.passwordHash, expectedHash) : isNull(users.passwordHash)))
    .returning({ id: users.id });
  return row !== undefined;
}

/** Forgets the change of address asked at that time, unless a later one replaced it. */
export async function dropPendingEmail(db: Database, id: number, askedAt: Date): Promise<void> {
  await db
    .update(users)
    .set({ pendingEmail: null, pendingEmailAt: null })
    .where(and(eq(users.id, id), eq(users.pendingEmailAt, askedAt)));
}

export async function deleteUser(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
