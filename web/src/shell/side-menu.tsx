/**
 * The side menu (section 2): the entries the route table gives, filtered by the one
 * visibility rule, in their groups; a collapse toggle (collapsed it is the default
 * navigation width, 60 px); Sign out. Entries open as the table says: in the app, in a new
 * tab (the System log), with a full page load (Pre-population) or as the help menu.
 */
import type { LoggedInUser } from '@formsign/machines';
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { Icon } from '../components/icon.tsx';
import { menuFor, type MenuItem } from '../routes/menu.ts';
import { SideHelpMenu } from './help-menus.tsx';
import { useStrings } from './strings.tsx';

/** The side menu's width in pixels when collapsed, its default (section 9). */
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
          <span className="visually-hidden"> (opens in a new tab)</span>
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

export default function SideMenu({ user }: { user: LoggedInUser }) {
  const [expanded, setExpanded] = useState(false);
  const navigate = useNavigate();
  const { t } = useStrings();
  const sections = menuFor(user);
  return (
    <nav
      id="side-menu"
      className={`sidenav${expanded ? ' sidenav--expanded' : ''}`}
      aria-label="Main menu"
      style={{ width: expanded ? expandedNavigationWidth : defaultNavigationWidth }}
    >
      <button type="button" className="sidenav__toggle" aria-expanded={expanded} aria-controls="side-menu" onClick={() => setExpanded(!expanded)}>
        <Icon name={expanded ? 'collapse' : 'menu'} />
        <span className="visually-hidden">{expanded ? 'Collapse the menu' : 'Expand the menu'}</span>
      </button>
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
        <button type="button" className="sidenav__item" onClick={() => navigate('/logout')}>
          <Icon name="signout" />
          <span className="sidenav__label">{t('Sign out')}</span>
        </button>
      </div>
    </nav>
  );
}
