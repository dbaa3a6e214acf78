import type { Skin } from '@gym/contract/constants';
import type { ThemeConfig } from 'antd';

/** Brand colour: dark enough for white text at WCAG AA contrast (6.1:1). */
export const BRAND = '#5b50d6';
const SEMI_DARK_MENU_BG = '#283046';

/**
 * The three skins (spec) as antd themes: light (default), bordered (flat, outlined surfaces instead
 * of shadows) and semi-dark (dark side menu on a light page).
 */
export function themeFor(skin: Skin): ThemeConfig {
  const base: ThemeConfig = {
    zeroRuntime: true,
    token: {
      colorPrimary: BRAND,
      colorInfo: BRAND,
      colorLink: BRAND,
      borderRadius: 6,
      colorBgLayout: '#f5f6fa',
      // antd's secondary texts (help, descriptions, labels) are 3.4:1 on white; these reach 5.9:1 (WCAG AA).
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      // antd's red (#ff4d4f) under white text, as on danger buttons, is 3.4:1; this one is 5.6:1.
      colorError: '#c62828',
      fontFamily:
        "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans TC', 'PingFang TC', 'Microsoft JhengHei', sans-serif",
    },
    components: {
      Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f6fa', footerBg: 'transparent' },
      Menu: { itemBorderRadius: 6, activeBarBorderWidth: 0 },
    },
  };
  if (skin === 'bordered') {
    return {
      ...base,
      token: { ...base.token, boxShadow: 'none', boxShadowSecondary: 'none', boxShadowTertiary: 'none' },
      components: { ...base.components, Card: { boxShadowTertiary: 'none' } },
    };
  }
  if (skin === 'semi-dark') {
    return {
      ...base,
      components: {
        ...base.components,
        Layout: { ...base.components?.Layout, siderBg: SEMI_DARK_MENU_BG },
        Menu: {
          ...base.components?.Menu,
          darkItemBg: SEMI_DARK_MENU_BG,
          darkSubMenuItemBg: '#222a3d',
          darkItemSelectedBg: BRAND,
        },
      },
    };
  }
  return base;
}
