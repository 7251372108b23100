/** The row of the route table the current location matches (the shell reads its rules from it). */
import { matchRoutes, useLocation } from 'react-router-dom';
import { routes, type RouteEntry } from './route-table.ts';

const patterns = routes.map((route) => ({ path: route.path }));

export function useCurrentRoute(): RouteEntry {
  const location = useLocation();
  const path = matchRoutes(patterns, location)?.at(-1)?.route.path;
  const route = routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error('Every path matches a row of the route table (the last one is "*").');
  return route;
}
