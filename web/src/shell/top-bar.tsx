/**
 * The top bar, as the route table says: the full bar (title, help menu,
 * envelope counter for administrators, the user's name and role), only a Log In button, a
 * Register button, or nothing. On a narrow screen it starts with the Menu button that opens
 * the side menu as a drawer.
 */
import type { LoggedInUser } from '@formsign/sdk';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../components/icon.tsx';
import type { HeaderKind } from '../routes/route-table.ts';
import type { ShellExtras } from './shell-extras.ts';
import { useStrings } from './strings.tsx';

/** The drawer's Menu button: shown on narrow screens when the page has a side menu. */
export interface MenuButton {
  open: boolean;
  onOpen(): void;
}

interface TopBarProps {
  kind: Exclude<HeaderKind, 'none'>;
  title: string;
  user: LoggedInUser | null;
  /** The signed-in part of the bar (menus, counter, user), once loaded (see shell-extras.ts). */
  signedInActions: ShellExtras['SignedInActions'] | null;
  translation: ReactNode;
  menu: MenuButton | null;
  /** The Menu button, for the focus to come back to when the drawer closes. */
  menuButtonRef?: RefObject<HTMLButtonElement | null>;
  inert?: boolean;
}

export function TopBar({ kind, title, user, signedInActions, translation, menu, menuButtonRef, inert }: TopBarProps) {
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
    const SignedInActions = signedInActions;
    actions = SignedInActions ? <SignedInActions user={user} /> : null;
  } else {
    actions = (
      <Link className="button" to="/login">
        {t('Log In')}
      </Link>
    );
  }
  return (
    <header className="topbar" inert={inert}>
      {menu ? (
        <button ref={menuButtonRef} type="button" className="topbar__menu" aria-controls="side-menu" aria-expanded={menu.open} onClick={menu.onOpen}>
          <Icon name="menu" />
          <span className="visually-hidden">{t('Menu')}</span>
        </button>
      ) : null}
      {user && kind === 'app' ? null : (
        <Link className="topbar__brand" to="/">
          <img src="/favicon.svg" alt="" width="24" height="24" />
          <span className="topbar__brand-name">formsign</span>
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
