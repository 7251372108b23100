/**
 * Who sees what, decided once for the menu and for the route guard:
 * admin-flagged routes only for administrators; personal-type users (who are always
 * administrators) only the routes flagged personal.
 */
import { routes, type RouteEntry } from './route-table.ts';

export interface Viewer {
  isAdmin: boolean;
  isPersonal: boolean;
}

export function canSee(route: Pick<RouteEntry, 'admin' | 'personal'>, viewer: Viewer): boolean {
  if (route.admin && !viewer.isAdmin) return false;
  if (viewer.isPersonal && !route.personal) return false;
  return true;
}

/**
 * Whether the viewer may open the page of a chunk. What another page offers from that page's
 * data follows it (the users list, offered when sending a form, is for those who see Users),
 * so a page never makes a call the server refuses: the contract's roles agree with the
 * route table (`tests/contract/roles.test.ts`).
 */
export function seesPage(chunk: string, viewer: Viewer | null): boolean {
  const route = routes.find((entry) => entry.chunk === chunk);
  return viewer !== null && route !== undefined && canSee(route, viewer);
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
