/**
 * The side menu: the entries the route table gives, filtered by the one
 * visibility rule, in their groups; a collapse toggle (collapsed it is the default
 * navigation width, 60 px); Sign out. Entries open as the table says: in the app, in a new
 * tab (the System log), with a full page load (Pre-population) or as the help menu.
 * On a narrow screen it is a drawer instead (see app-shell.tsx): hidden until the top bar's
 * Menu button opens it, with its names shown; Close, Escape or choosing an entry closes it.
 */
import type { LoggedInUser } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { Icon } from '../components/icon.tsx';
import { menuFor, type MenuItem } from '../routes/menu.ts';
import { roleLabel } from '../session/session.tsx';
import { SideHelpMenu } from './help-menus.tsx';
import { useStrings } from './strings.tsx';

/** The side menu's width in pixels when collapsed, which is how it starts. */
export const defaultNavigationWidth = 60;
/** Its width when expanded. */
export const expandedNavigationWidth = 240;

function Entry({ item }: { item: MenuItem }) {
  const { t } = useStrings();
  const label = (
    <>
      <Icon name={item.key} />
      <span className="sidenav__label">{t(item.name)}</span>
    </>
  );
  switch (item.opens) {
    case 'new-tab':
      return (
        <a className="sidenav__item" href={item.to} target="_blank" rel="noopener" data-key={item.key} title={t(item.name)}>
          {label}
          <span className="visually-hidden">
            {' '}
            <Trans>(opens in a new tab)</Trans>
          </span>
        </a>
      );
    case 'full-load':
      return (
        <a className="sidenav__item" href={item.to} data-key={item.key} title={t(item.name)}>
          {label}
        </a>
      );
    case 'help-menu':
      return <SideHelpMenu trigger={label} />;
    case 'route':
      return (
        <NavLink className="sidenav__item" to={item.to} data-key={item.key} title={t(item.name)} end={item.to === '/'}>
          {label}
        </NavLink>
      );
  }
}

interface SideMenuProps {
  user: LoggedInUser;
  /** Open as a drawer (narrow screens). */
  drawerOpen: boolean;
  onCloseDrawer(): void;
}

export default function SideMenu({ user, drawerOpen, onCloseDrawer }: SideMenuProps) {
  const [expanded, setExpanded] = useState(false);
  const navigate = useNavigate();
  const { t } = useStrings();
  const { t: say, i18n } = useLingui();
  const close = useRef<HTMLButtonElement>(null);
  const sections = menuFor(user);
  useEffect(() => {
    if (drawerOpen) close.current?.focus();
  }, [drawerOpen]);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    // Only keys pressed in the drawer itself (not in a menu it opened, which is elsewhere in the page).
    if (drawerOpen && event.key === 'Escape' && event.currentTarget.contains(event.target as Node)) {
      event.stopPropagation();
      onCloseDrawer();
    }
  };
  // Choosing an entry (a link) closes the drawer, also when it is the page already shown.
  const onClick = (event: MouseEvent<HTMLElement>): void => {
    if (drawerOpen && event.currentTarget.contains(event.target as Node) && (event.target as HTMLElement).closest('a')) onCloseDrawer();
  };
  return (
    <nav
      id="side-menu"
      className={`sidenav${expanded ? ' sidenav--expanded' : ''}${drawerOpen ? ' sidenav--drawer-open' : ''}`}
      aria-label={say`Main menu`}
      style={{ width: expanded ? expandedNavigationWidth : defaultNavigationWidth }}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <button type="button" className="sidenav__toggle" aria-expanded={expanded} aria-controls="side-menu" onClick={() => setExpanded(!expanded)}>
        <Icon name={expanded ? 'collapse' : 'menu'} />
        <span className="visually-hidden">{expanded ? say`Collapse the menu` : say`Expand the menu`}</span>
      </button>
      <div className="sidenav__drawer-head">
        <span className="sidenav__drawer-user">
          <span className="sidenav__drawer-name">{`${user.first_name} ${user.last_name}`.trim() || user.name}</span>
          <span className="sidenav__drawer-role">{i18n._(roleLabel(user))}</span>
        </span>
        <button ref={close} type="button" className="sidenav__close" onClick={onCloseDrawer}>
          <Icon name="close" />
          <span className="visually-hidden">
            <Trans>Close the menu</Trans>
          </span>
        </button>
      </div>
      {sections.map((section) => (
        <div key={section.group ?? 'top'} role="group" aria-label={section.group ? t(section.group) : undefined}>
          {section.group ? (
            <div className="sidenav__group" aria-hidden="true">
              {t(section.group)}
            </div>
          ) : null}
          <ul className="sidenav__list">
            {section.items.map((item) => (
              <li key={item.key}>
                <Entry item={item} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="sidenav__footer">
        <button type="button" className="sidenav__item" onClick={() => void navigate('/logout')}>
          <Icon name="signout" />
          <span className="sidenav__label">{t('Sign out')}</span>
        </button>
      </div>
    </nav>
  );
}
