import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeskButton } from '../../../features/desk/DeskButton';
import { OfflineIndicator, ReaderIndicator } from '../../../features/door/ReaderIndicator';
import { GlobalSearchTrigger } from '../../../features/members/find/GlobalSearchTrigger';
import { CenterSwitcher } from './CenterSwitcher';
import { Customizer } from './Customizer';
import { LanguageSwitcher } from './LanguageSwitcher';
import { SkinSwitcher } from './SkinSwitcher';
import { UserMenu } from './UserMenu';

interface Props {
  /** Left of the bar: the brand in the horizontal layout. */
  start?: ReactNode;
  menuToggle?: { kind: 'collapse' | 'drawer'; collapsed?: boolean; onClick: () => void };
  /** Slot between the centre switcher and the end of the bar: the global member search (Ctrl+K). */
  search?: ReactNode;
}

/** Floating navbar: menu toggle, centre switcher, language, skin, customiser, user menu. */
export function Navbar({ start, menuToggle, search }: Props) {
  const { t } = useTranslation();
  const toggleLabel =
    menuToggle?.kind === 'drawer'
      ? t('nav:openMenu')
      : menuToggle?.collapsed
        ? t('nav:expandMenu')
        : t('nav:collapseMenu');
  const toggleIcon =
    menuToggle?.kind === 'drawer' ? (
      <MenuOutlined />
    ) : menuToggle?.collapsed ? (
      <MenuUnfoldOutlined />
    ) : (
      <MenuFoldOutlined />
    );
  return (
    <header className="app-navbar" data-testid="navbar">
      <div className="app-navbar__start">
        {menuToggle && (
          <Button
            type="text"
            icon={toggleIcon}
            onClick={menuToggle.onClick}
            aria-label={toggleLabel}
            title={toggleLabel}
            data-testid="menu-toggle"
            {...(menuToggle.kind === 'collapse' ? { 'aria-expanded': !menuToggle.collapsed } : {})}
          />
        )}
        {start}
        <CenterSwitcher />
      </div>
      {search && <div className="app-navbar__search">{search}</div>}
      <div className="app-navbar__end">
        <OfflineIndicator />
        <ReaderIndicator />
        <DeskButton />
        <GlobalSearchTrigger />
        <LanguageSwitcher compact />
        <SkinSwitcher />
        <Customizer />
        <UserMenu />
      </div>
    </header>
  );
}
