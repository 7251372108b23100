/**
 * Puts a route's page on screen, or sends the visitor where the access rule says: signed-out
 * visitors of private routes to /login (remembering where they were going, `surl`),
 * signed-in visitors of guest pages on to where they were going, and signed-in people
 * without the role to /not-allowed. Rendering only reads; the remembered address is written
 * and forgotten in effects.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { forgetAddress, nextAddress, rememberAddress } from '../session/next-address.ts';
import { useSessionResuming, useSessionSelector, useViewer } from '../session/session.tsx';
import { decideAccess } from './access.ts';
import { LazyPage } from './lazy-page.tsx';
import type { RouteEntry } from './route-table.ts';

function PageSpinner() {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <Trans>Loading…</Trans>
    </div>
  );
}

function GoToLogin({ remember }: { remember: string }) {
  useEffect(() => rememberAddress(remember, window.localStorage), [remember]);
  return <Navigate to="/login" replace />;
}

function GoOn() {
  const redirect = useSessionSelector((snapshot) => snapshot.context.redirect);
  // Decided once, on arrival: the address is forgotten right after.
  const [next] = useState(() => nextAddress(redirect, window.localStorage, window.location.origin));
  useEffect(() => forgetAddress(window.localStorage), []);
  return <Navigate to={next} replace />;
}

export function RouteGate({ route }: { route: RouteEntry }) {
  const viewer = useViewer();
  const resuming = useSessionResuming();
  const location = useLocation();
  // An expired session is being renewed: decide once it is known whether anyone is signed in.
  if (resuming && route.access !== 'public') return <PageSpinner />;
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
