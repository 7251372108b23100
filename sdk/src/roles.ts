/**
 * Who may call what, read one way by the server that enforces it and by any client that asks
 * before it calls: the contract's `x-roles`, in the words of its `Role` schema.
 *
 * A signed-in person has one role: a basic user, a personal administrator (an administrator
 * of their own paperwork), an administrator, or a super user (an administrator of the
 * highest standing). An operation without `x-roles` is open to every signed-in person;
 * otherwise to the roles it lists, where `admin` admits super users too but never personal
 * administrators: an entry for administrators that is also for personal administrators
 * lists both (`[admin, personal]`), one that is not lists `admin` alone, and one for
 * everyone but personal administrators lists `[admin, basic]`.
 */
import { operations, type OperationId } from './generated/operations.js';
import type { Role } from './types.js';

/** How far each role's authority reaches: a person acts on another only from at least the other's standing. */
export const roleStanding: Readonly<Record<Role, number>> = { basic: 0, personal: 1, admin: 2, super: 3 };

/** The role of a person with these flags (a personal or super user is always an administrator). */
export function roleOfFlags(flags: { admin: boolean; personal: boolean; isSuper: boolean }): Role {
  if (!flags.admin) return 'basic';
  if (flags.isSuper) return 'super';
  return flags.personal ? 'personal' : 'admin';
}

/** Whether a person of `role` may call an operation limited to `roles` (its `x-roles`). */
export function roleAllows(role: Role, roles: readonly string[]): boolean {
  if (roles.length === 0) return true;
  return roles.includes(role) || (role === 'super' && roles.includes('admin'));
}

/** Whether a person of `role` may call the operation. */
export function mayCall(role: Role, operationId: OperationId): boolean {
  return roleAllows(role, operations[operationId].roles);
}
