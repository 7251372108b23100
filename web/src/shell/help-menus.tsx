/**
 * The two help menus. The header's: Tutorial Videos, Help FAQs (the external FAQ
 * page) and Contact Us. The side menu's Help entry: Tutorial Videos, Tutorial PDF(s) and
 * Contact Us. Both are Radix dropdown menus, so they work with the keyboard.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../components/icon.tsx';
import { faqUrl } from '../config.ts';
import { useStrings } from './strings.tsx';
import { useTutorialPanel } from './tutorial-panel.tsx';

function HelpMenuContent({ children, side }: { children: ReactNode; side: 'bottom' | 'right' }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content className="menu" side={side} align="start" sideOffset={6}>
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

/** The header's help menu. */
export function HeaderHelpMenu() {
  const panel = useTutorialPanel();
  const navigate = useNavigate();
  const { t } = useStrings();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="button button--ghost topbar__help">
        <Icon name="help" />
        <span className="topbar__help-label">{t('Help')}</span>
      </DropdownMenu.Trigger>
      <HelpMenuContent side="bottom">
        <DropdownMenu.Item className="menu__item" onSelect={() => panel.send({ type: 'panel.open', kind: 'video' })}>
          {t('Tutorial Videos')}
        </DropdownMenu.Item>
        <DropdownMenu.Item className="menu__item" asChild>
          <a href={faqUrl} target="_blank" rel="noopener noreferrer">
            {t('Help FAQs')}
          </a>
        </DropdownMenu.Item>
        <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/help')}>
          {t('Contact Us')}
        </DropdownMenu.Item>
      </HelpMenuContent>
    </DropdownMenu.Root>
  );
}

/** The side menu's Help entry and its small menu. */
export function SideHelpMenu({ trigger }: { trigger: ReactNode }) {
  const panel = useTutorialPanel();
  const navigate = useNavigate();
  const { t } = useStrings();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="sidenav__item">{trigger}</DropdownMenu.Trigger>
      <HelpMenuContent side="right">
        <DropdownMenu.Item className="menu__item" onSelect={() => panel.send({ type: 'panel.open', kind: 'video' })}>
          {t('Tutorial Videos')}
        </DropdownMenu.Item>
        <DropdownMenu.Item className="menu__item" onSelect={() => panel.send({ type: 'panel.open', kind: 'pdf' })}>
          {t('Tutorial PDF(s)')}
        </DropdownMenu.Item>
        <DropdownMenu.Item className="menu__item" onSelect={() => void navigate('/help')}>
          {t('Contact Us')}
        </DropdownMenu.Item>
      </HelpMenuContent>
    </DropdownMenu.Root>
  );
}
