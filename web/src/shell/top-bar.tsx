/**
 * The top bar (sections 1 and 2), as the route table says: the full bar (title, help menu,
 * envelope counter for administrators, the user's name and role), only a Log In button, a
 * Register button, or nothing.
 */
import type { LoggedInUser } from '@formsign/machines';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { HeaderKind } from '../routes/route-table.ts';
import { useStrings } from './strings.tsx';

// The signed-in part of the bar (menus, counter, user) loads only for signed-in people.
const SignedInActions = lazy(() => import('./signed-in-actions.tsx'));

export function TopBar({ kind, title, user, translation }: { kind: Exclude<HeaderKind, 'none'>; title: string; user: LoggedInUser | null; translation: ReactNode }) {
  const { t } = useStrings();
  let actions: ReactNode;
  if (kind === 'login-button') {
    actions = (
      <Link className="button" to="/login">
        {t('Log In')}
      </Link>
    );
  } else if (kind === 'register-button') {
    actions = (
      <Link className="button" to="/register">
        {t('Register')}
      </Link>
    );
  } else if (user) {
    actions = (
      <Suspense fallback={null}>
        <SignedInActions user={user} />
      </Suspense>
    );
  } else {
    actions = (
      <Link className="button" to="/login">
        {t('Log In')}
      </Link>
    );
  }
  return (
    <header className="topbar">
      {user && kind === 'app' ? null : (
        <Link className="topbar__brand" to="/">
          <img src="/favicon.svg" alt="" width="24" height="24" />
          formsign
        </Link>
      )}
      <h1 className="topbar__title" data-testid="page-title">
        {title}
      </h1>
      <div className="topbar__actions">
        {translation}
        {actions}
      </div>
    </header>
  );
}
