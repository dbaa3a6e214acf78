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
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
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

  // Arriving in another group opens that group and closes the others (a short menu on a tablet).
  useEffect(() => {
    if (active.group) setOpenKeys([active.group]);
  }, [active.group]);

  const items: MenuProps['items'] = groups.map((group) => ({
    key: group.key,
    icon: GROUP_ICONS[group.key],
    label: t(`nav:group.${group.key}`),
    children: group.items.map((item) => ({ key: item.path, label: t(`titles:${item.titleKey}`) })),
  }));

  return (
    <nav aria-label={t('nav:mainMenu')} className={`nav-menu nav-menu--${mode}`}>
      <Menu
        mode={mode}
        theme={theme}
        items={items}
        selectedKeys={active.item ? [active.item] : []}
        {...(mode === 'inline' ? { inlineCollapsed: collapsed } : {})}
        {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
        data-testid={`nav-menu-${mode}`}
      />
    </nav>
  );
}
