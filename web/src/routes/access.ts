/**
 * Who sees what (sections 2 and 6), decided once for the menu and for the route guard:
 * admin-flagged routes only for administrators; personal-type users (who are always
 * administrators) only the routes flagged personal.
 */
import { mayCall, roleOfFlags, type OperationId } from '@formsign/sdk';
import type { RouteEntry } from './route-table.ts';

export interface Viewer {
  isAdmin: boolean;
  isPersonal: boolean;
}

/**
 * Whether the signed-in person may make a call: the contract's roles (`x-roles`), read as the
 * server reads them, so that a page offers only what the server will do.
 */
export function viewerMayCall(viewer: (Viewer & { isSuper: boolean }) | null, operationId: OperationId): boolean {
  return viewer !== null && mayCall(roleOfFlags({ admin: viewer.isAdmin, personal: viewer.isPersonal, isSuper: viewer.isSuper }), operationId);
}

export function canSee(route: Pick<RouteEntry, 'admin' | 'personal'>, viewer: Viewer): boolean {
  if (route.admin && !viewer.isAdmin) return false;
  if (viewer.isPersonal && !route.personal) return false;
  return true;
}

export type AccessDecision =
  | { allow: true }
  /** Signed out on a private route: log in, then come back to `remember`. */
  | { allow: false; to: 'login'; remember: string }
  /** Signed in on a page for signed-out people: go on to where they were going. */
  | { allow: false; to: 'next' }
  /** Signed in without the role for the route. */
  | { allow: false; to: 'not-allowed' };

export function decideAccess(route: Pick<RouteEntry, 'access' | 'admin' | 'personal'>, viewer: Viewer | null, location: string): AccessDecision {
  if (route.access === 'private' && !viewer) return { allow: false, to: 'login', remember: location };
  if (route.access === 'guest' && viewer) return { allow: false, to: 'next' };
  if (viewer && route.access === 'private' && !canSee(route, viewer)) return { allow: false, to: 'not-allowed' };
  return { allow: true };
}
