/** The router: one child route per row of the route table, inside the app shell. */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppShell, type RouteHandle } from '../shell/app-shell.tsx';
import { RouteGate } from './route-gate.tsx';
import { routes } from './route-table.ts';

const children: RouteObject[] = routes.map((route) => ({
  path: route.path,
  handle: { route } satisfies RouteHandle,
  element: <RouteGate key={route.path} route={route} />,
}));

export function createAppRouter() {
  return createBrowserRouter([{ element: <AppShell />, children }]);
}
