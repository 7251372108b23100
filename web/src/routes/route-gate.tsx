/**
 * Puts a route's page on screen, or sends the visitor where the access rule says: signed-out
 * visitors of private routes to /login (remembering where they were going, `surl`),
 * signed-in visitors of guest pages on to where they were going, and signed-in people
 * without the role to /not-allowed.
 */
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { rememberAddress, takeNextAddress, useSessionSelector, useViewer } from '../session/session.tsx';
import { decideAccess } from './access.ts';
import { LazyPage } from './lazy-page.tsx';
import type { RouteEntry } from './route-table.ts';

function GoToLogin({ remember }: { remember: string }) {
  rememberAddress(remember);
  return <Navigate to="/login" replace />;
}

function GoOn() {
  const redirect = useSessionSelector((snapshot) => snapshot.context.redirect);
  const [next] = useState(() => takeNextAddress(redirect));
  return <Navigate to={next} replace />;
}

export function RouteGate({ route }: { route: RouteEntry }) {
  const viewer = useViewer();
  const location = useLocation();
  const decision = decideAccess(route, viewer, location.pathname + location.search);
  if (decision.allow) return <LazyPage route={route} />;
  switch (decision.to) {
    case 'login':
      return <GoToLogin remember={decision.remember} />;
    case 'next':
      return <GoOn />;
    case 'not-allowed':
      return <Navigate to="/not-allowed" replace />;
  }
}
