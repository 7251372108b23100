/**
 * The routes: one child route per row of the route table, inside the app shell. Declarative
 * routing (`useRoutes`): the app needs no loaders or actions, and the smaller router keeps
 * the login page within its size budget.
 */
import { useRoutes, type RouteObject } from 'react-router-dom';
import { AppShell } from '../shell/app-shell.tsx';
import { RouteGate } from './route-gate.tsx';
import { routes } from './route-table.ts';

const children: RouteObject[] = routes.map((route) => ({
  path: route.path,
  element: <RouteGate key={route.path} route={route} />,
}));

const tree: RouteObject[] = [{ element: <AppShell />, children }];

export function AppRoutes() {
  return useRoutes(tree);
}
