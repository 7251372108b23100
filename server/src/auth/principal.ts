/**
 * The signed-in person behind a request: read fresh from the database on every call, so that
 * logging out, blocking a user or a device, and changes of role take effect at the next
 * request, on every server process.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { roleOfFlags, type Role } from '@formsign/sdk/contract';
import type { Database } from '../db/database.js';
import { companies, devices, sessions, users } from '../db/schema.js';
import type { VerifiedToken } from './tokens.js';

export interface Principal {
  /** The person: for a call made with an API key, the administrator who made the key. */
  userId: number;
  companyId: number;
  companyName: string;
  /** The session; empty for a call made with an API key. */
  sessionId: string;
  deviceId: number | null;
  /** The login name. */
  name: string;
  /** The name people see: first and last name, else the login name. */
  displayName: string;
  email: string;
  /** The administrator flag (administrators, personal administrators and super users). */
  admin: boolean;
  personal: boolean;
  isSuper: boolean;
  /** The one role the flags make: what `x-roles` and the areas' rules read. */
  role: Role;
  /** The API key the call was made with (acting with its own role), or null for a person's session. */
  apiKey: { id: number; name: string; prefix: string } | null;
}

/**
 * Whether the person administers the whole company (an administrator or a super user), and so
 * sees every form, file, case and device of it. A personal administrator administers their own
 * paperwork only: like anyone else, they see the forms they sent or take part in.
 */
export function administersCompany(principal: Pick<Principal, 'role'>): boolean {
  return principal.role === 'admin' || principal.role === 'super';
}

export function displayNameOf(user: { firstName: string; lastName: string; name: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.name;
}

/**
 * The person's columns a principal is made of, read beside a session (`loadPrincipal`) or an
 * API key (`findKeyByHash`), so that both make the same principal of the same person.
 */
export const personColumns = {
  userId: users.id,
  companyId: users.companyId,
  companyName: companies.name,
  name: users.name,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  personal: users.personal,
  isSuper: users.isSuper,
  userBlocked: users.blockedAt,
};

export interface PersonRow {
  userId: number;
  companyId: number;
  companyName: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  role: (typeof users.$inferSelect)['role'];
  personal: boolean;
  isSuper: boolean;
}

export interface RoleFlags {
  admin: boolean;
  personal: boolean;
  isSuper: boolean;
}

/** The flags of a person's own role, as their account has them. */
export function personFlags(person: Pick<PersonRow, 'role' | 'personal' | 'isSuper'>): RoleFlags {
  const admin = person.role === 'admin';
  return { admin, personal: person.personal && admin, isSuper: person.isSuper };
}

/** The flags of a role a call acts with (an API key's). */
export function flagsOfRole(role: Role): RoleFlags {
  return { admin: role !== 'basic', personal: role === 'personal', isSuper: role === 'super' };
}

/** The principal of a person acting with `flags`: their own (a session), or a key's. */
export function principalOf(person: PersonRow, flags: RoleFlags, acting: Pick<Principal, 'sessionId' | 'deviceId' | 'apiKey'>): Principal {
  return {
    userId: person.userId,
    companyId: person.companyId,
    companyName: person.companyName,
    ...acting,
    name: person.name,
    displayName: displayNameOf(person),
    email: person.email,
    ...flags,
    role: roleOfFlags(flags),
  };
}

/** The query of a session's person, built once per database and run with each request's session (it is on every call's path). */
function principalQuery(db: Database) {
  return db
    .select({ ...personColumns, deviceId: sessions.deviceId, deviceBlocked: devices.blockedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(devices, eq(devices.id, sessions.deviceId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId')), isNull(sessions.endedAt)))
    .prepare('principal');
}

const prepared = new WeakMap<Database, ReturnType<typeof principalQuery>>();

export async function loadPrincipal(db: Database, token: VerifiedToken): Promise<Principal | null> {
  let query = prepared.get(db);
  if (!query) {
    query = principalQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ sessionId: token.sessionId, userId: token.userId });
  if (!row || row.userBlocked || row.deviceBlocked) return null;
  return principalOf(row, personFlags(row), { sessionId: token.sessionId, deviceId: row.deviceId, apiKey: null });
}
