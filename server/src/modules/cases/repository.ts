/**
 * The queries of case management: tenants with their caseworker and how many of the forms
 * filed on their case are still open, one tenant with their forms, and the people who work
 * cases. Every query is bounded by the company, and by what the caller may see: every case
 * for an administrator of the company, else the cases they hold as caseworker; and on a case
 * the forms they may see (`forms/visibility.ts`).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { administersCompany } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { forms, tenantNotes, tenants, users, type FormStatus } from '../../db/schema.js';
import { formsVisibleTo, type Viewer } from '../forms/visibility.js';

/** The statuses of a form that still needs someone to act: an open case. */
export const openFormStatuses: readonly FormStatus[] = ['sent', 'in_progress', 'awaiting_approval', 'disapproved', 'declined'];

export interface TenantRecord {
  tenant: typeof tenants.$inferSelect;
  caseworker: { firstName: string; lastName: string; name: string } | null;
  openCases: number;
}

/** How many open forms each tenant has, as a subquery joined to the tenants. */
function openCounts(db: Database, companyId: number) {
  return db
    .select({ tenantId: forms.tenantId, n: count().as('open_cases') })
    .from(forms)
    .where(and(eq(forms.companyId, companyId), isNull(forms.deletedAt), inArray(forms.status, [...openFormStatuses])))
    .groupBy(forms.tenantId)
    .as('open_counts');
}

function tenantsQuery(db: Database, companyId: number) {
  const open = openCounts(db, companyId);
  return db
    .select({
      tenant: tenants,
      caseworkerFirst: users.firstName,
      caseworkerLast: users.lastName,
      caseworkerName: users.name,
      openCases: sql<number>`coalesce(${open.n}, 0)`.mapWith(Number),
    })
    .from(tenants)
    .leftJoin(users, eq(users.id, tenants.caseworkerId))
    .leftJoin(open, eq(open.tenantId, tenants.id));
}

interface TenantRow {
  tenant: typeof tenants.$inferSelect;
  caseworkerFirst: string | null;
  caseworkerLast: string | null;
  caseworkerName: string | null;
  openCases: number;
}

function record(row: TenantRow): TenantRecord {
  return {
    tenant: row.tenant,
    caseworker:
      row.caseworkerName === null ? null : { firstName: row.caseworkerFirst ?? '', lastName: row.caseworkerLast ?? '', name: row.caseworkerName },
    openCases: row.openCases,
  };
}

/** The tenants a person may see: the company's for its administrators, else those whose case they hold. */
function tenantsVisibleTo(viewer: Viewer): SQL {
  return and(eq(tenants.companyId, viewer.companyId), administersCompany(viewer) ? undefined : eq(tenants.caseworkerId, viewer.userId)) as SQL;
}

/** Every tenant the person may see, by name. */
export async function listTenants(db: Database, viewer: Viewer): Promise<TenantRecord[]> {
  const rows = await tenantsQuery(db, viewer.companyId).where(tenantsVisibleTo(viewer)).orderBy(asc(tenants.name), asc(tenants.id));
  return rows.map(record);
}

export async function findTenant(db: Database, viewer: Viewer, id: number): Promise<TenantRecord | undefined> {
  const [row] = await tenantsQuery(db, viewer.companyId).where(and(tenantsVisibleTo(viewer), eq(tenants.id, id)));
  return row ? record(row) : undefined;
}

/** The forms filed on a tenant's case that the person may see, the latest change first. */
export async function formsOfTenant(db: Database, viewer: Viewer, tenantId: number) {
  return db
    .select({ id: forms.id, reference: forms.reference, title: forms.title, status: forms.status, updatedAt: forms.updatedAt })
    .from(forms)
    .where(and(formsVisibleTo(viewer), eq(forms.tenantId, tenantId), isNull(forms.deletedAt)))
    .orderBy(desc(forms.updatedAt), desc(forms.id));
}

/**
 * The people who work cases: the company's users whose class or job title says caseworker,
 * and anyone who holds a case, with how many tenants they hold; the most cases first.
 */
export async function caseworkers(db: Database, companyId: number) {
  const held = db
    .select({ caseworkerId: tenants.caseworkerId, n: count().as('cases') })
    .from(tenants)
    .where(eq(tenants.companyId, companyId))
    .groupBy(tenants.caseworkerId)
    .as('held');
  const cases = sql<number>`coalesce(${held.n}, 0)`.mapWith(Number);
  return db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      jobTitle: users.jobTitle,
      class: users.class,
      cases,
    })
    .from(users)
    .leftJoin(held, eq(held.caseworkerId, users.id))
    .where(and(eq(users.companyId, companyId), or(sql`${held.n} > 0`, ilike(users.class, '%caseworker%'), ilike(users.jobTitle, '%caseworker%'))))
    .orderBy(desc(cases), asc(users.firstName), asc(users.lastName), asc(users.id));
}

export type TenantFields = Pick<typeof tenants.$inferInsert, 'name' | 'address' | 'phone' | 'email' | 'status' | 'caseworkerId' | 'notes'> & {
  openedAt?: string;
};

/** Opens a tenant's case; answers its id. */
export async function insertTenant(db: Database, companyId: number, fields: TenantFields, now: Date): Promise<number> {
  const [row] = await db
    .insert(tenants)
    .values({ ...fields, companyId, openedAt: fields.openedAt ?? now.toISOString().slice(0, 10), updatedAt: now })
    .returning({ id: tenants.id });
  if (!row) throw new Error('The tenant was not stored.');
  return row.id;
}

/** Changes a tenant of the company; whether there was one. */
export async function updateTenant(db: Database, companyId: number, id: number, fields: Partial<TenantFields>, now: Date): Promise<boolean> {
  const rows = await db
    .update(tenants)
    .set({ ...fields, updatedAt: now })
    .where(and(eq(tenants.id, id), eq(tenants.companyId, companyId)))
    .returning({ id: tenants.id });
  return rows.length > 0;
}

/** Marks a tenant's case changed now (a note, a form filed on it). */
export async function touchTenant(db: Database, id: number, now: Date): Promise<void> {
  await db.update(tenants).set({ updatedAt: now }).where(eq(tenants.id, id));
}

export async function insertTenantNote(db: Database, note: typeof tenantNotes.$inferInsert): Promise<void> {
  await db.insert(tenantNotes).values(note);
}

/** The notes of a case, the latest first (at most `limit`). */
export async function notesOfTenant(db: Database, tenantId: number, limit = 200) {
  return db
    .select({ id: tenantNotes.id, author: tenantNotes.author, text: tenantNotes.text, at: tenantNotes.at })
    .from(tenantNotes)
    .where(eq(tenantNotes.tenantId, tenantId))
    .orderBy(desc(tenantNotes.at), desc(tenantNotes.id))
    .limit(limit);
}
