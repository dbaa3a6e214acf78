import {
  BarChartOutlined,
  CalendarOutlined,
  DesktopOutlined,
  DollarOutlined,
  ReadOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps, Tag } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAbility } from '../../../shared/acl';
import { type MenuGroupKey, menuKeyFor, visibleMenu } from '../../menu';

const GROUP_ICONS: Record<MenuGroupKey, ReactNode> = {
  frontDesk: <DesktopOutlined />,
  members: <TeamOutlined />,
  classes: <CalendarOutlined />,
  selling: <ShoppingOutlined />,
  finance: <DollarOutlined />,
  reports: <BarChartOutlined />,
  content: <ReadOutlined />,
  settings: <SettingOutlined />,
};

interface Props {
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The staff menu, grouped; items the user may not read are not shown. */
export function NavMenu({ mode, theme, collapsed = false, onNavigate }: Props) {
  const { t } = useTranslation();
  const ability = useAbility();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = useMemo(() => visibleMenu(ability), [ability]);
  const active = menuKeyFor(pathname, groups);
  const [openKeys, setOpenKeys] = useState<string[]>(active.group ? [active.group] : []);
  // The same array while the item is the same: antd's Menu copies a new `selectedKeys` into its state
  // in a layout effect, so a new array on every render of this menu is one more nested update each time.
  const selectedKeys = useMemo(() => (active.item ? [active.item] : []), [active.item]);

  // Arriving in another group opens that group and closes the others (a short menu on a tablet).
  useEffect(() => {
    if (active.group) setOpenKeys([active.group]);
  }, [active.group]);

  const items: MenuProps['items'] = groups.map((group) => ({
    key: group.key,
    icon: GROUP_ICONS[group.key],
    label: t(`nav:group.${group.key}`),
    children: group.items.map((item) => ({
      key: item.path,
      // A real link: Ctrl-, Cmd- or middle-click opens the screen in a new tab.
      label: (
        <Link to={item.path} className="nav-menu__link" data-testid="nav-link">
          <span className="nav-menu__title">{t(`titles:${item.titleKey}`)}</span>
          {item.soon && (
            <Tag className="nav-menu__soon" data-testid="nav-soon">
              {t('nav:soon')}
            </Tag>
          )}
        </Link>
      ),
    })),
  }));

  return (
    <nav aria-label={t('nav:mainMenu')} className={`nav-menu nav-menu--${mode}`}>
      <Menu
        mode={mode}
        theme={theme}
        items={items}
        selectedKeys={selectedKeys}
        {...(mode === 'inline' ? { inlineCollapsed: collapsed } : {})}
        {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
        onClick={({ key, domEvent }) => {
          const event = domEvent as {
            ctrlKey: boolean;
            metaKey: boolean;
            shiftKey: boolean;
            button?: number;
            target: EventTarget;
          };
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.button === 1) return;
          // The link navigates itself; a click beside it (the item's padding) navigates here.
          if (!(event.target instanceof Element && event.target.closest('a'))) navigate(key);
          onNavigate?.();
        }}
        data-testid={`nav-menu-${mode}`}
      />
    </nav>
  );
}
