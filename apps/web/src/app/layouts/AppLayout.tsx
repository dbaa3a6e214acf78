import './layouts.css';
import type { UserData } from '@gym/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { App, Drawer, Layout } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { DeskShortcuts } from '../../features/desk/DeskShortcuts';
import { DoorLoop } from '../../features/door/DoorLoop';
import { OnlinePaymentNotices } from '../../features/payments/OnlinePaymentNotices';
import { api } from '../../shared/api/client';
import { centersQueryKey } from '../../shared/centers';
import { effectiveSkin, setMenuCollapsed, usePreferences } from '../../shared/preferences';
import { subscribeRealtime } from '../../shared/realtime';
import { setUserData } from '../../shared/session';
import { useIsDesktop } from '../../shared/useMediaQuery';
import { useLoggedIn } from '../../shared/useSession';
import { AntdProvider } from '../providers/AntdProvider';
import { usePageFocus } from './pageFocus';
import { AppFooter } from './parts/AppFooter';
import { Brand } from './parts/Brand';
import { ContentHeader } from './parts/ContentHeader';
import { Navbar } from './parts/Navbar';
import { NavMenu } from './parts/NavMenu';
import { ScrollTopButton } from './parts/ScrollTopButton';

/** A card tap changes "the last person who entered" shown by the centre switcher. */
function useEntriesRefreshCentres() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeRealtime((payload) => {
        if (payload && typeof payload === 'object' && (payload as { action?: unknown }).action === 'entry') {
          void queryClient.invalidateQueries({ queryKey: centersQueryKey });
        }
      }),
    [queryClient],
  );
}

/**
 * On every change of page the shell re-reads the account (role, abilities, centres) and the
 * centres ("last person in"), so the menu and the guards follow changes made on the server.
 */
function useServerStateOnNavigation() {
  const { pathname } = useLocation();
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    if (!loggedIn) return;
    api
      .get<UserData>('/pro/me')
      .then((userData) => setUserData(userData))
      .catch(() => {
        // Offline, or the session ended (the client has then sent the user to sign in).
      });
    // On the first page the centre switcher fetches the centres itself.
    if (first.current) first.current = false;
    else void queryClient.invalidateQueries({ queryKey: centersQueryKey });
  }, [pathname, loggedIn]);
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main-content">
      {t('nav:skipToContent')}
    </a>
  );
}

function Main() {
  return (
    <main id="main-content" className="app-content" tabIndex={-1}>
      <ContentHeader />
      <Outlet />
    </main>
  );
}

function useDrawer() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer after each navigation
  useEffect(() => setOpen(false), [pathname]);
  return [open, setOpen] as const;
}

/** The menu as a drawer, where there is no room for it beside or above the page (tablets, hidden menu). */
function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  // The page it was opened on: closed by going to another page, the focus is that page's to place
  // (its search box), not given back to the menu button.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page at the moment it opens
  useEffect(() => {
    if (open) setOpenedOn(pathname);
  }, [open]);
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      focusable={{ focusTriggerAfterClose: openedOn === null || openedOn === pathname }}
      size={280}
      title={<Brand />}
      className="app-menu-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <NavMenu mode="inline" theme="light" onNavigate={onClose} />
    </Drawer>
  );
}

function VerticalLayout() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const isDesktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useDrawer();
  const skin = effectiveSkin(prefs.skin, 'vertical');
  const menuTheme = skin === 'semi-dark' ? 'dark' : 'light';
  const sideMenu = isDesktop && !prefs.menuHidden;

  return (
    <Layout className="app-layout app-layout--vertical" data-testid="layout-vertical" data-skin={skin}>
      <SkipLink />
      {sideMenu && (
        <Layout.Sider
          className="app-sider"
          width={260}
          collapsedWidth={76}
          collapsed={prefs.menuCollapsed}
          theme={menuTheme}
          trigger={null}
          collapsible
          data-testid="side-menu"
        >
          <div className="app-sider__inner">
            <div className="app-sider__brand">
              <Brand collapsed={prefs.menuCollapsed} dark={menuTheme === 'dark'} />
            </div>
            <NavMenu mode="inline" theme={menuTheme} collapsed={prefs.menuCollapsed} />
          </div>
        </Layout.Sider>
      )}
      {!sideMenu && <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
      <Layout className="app-main">
        <Navbar
          menuToggle={
            sideMenu
              ? {
                  kind: 'collapse',
                  collapsed: prefs.menuCollapsed,
                  onClick: () => setMenuCollapsed(!prefs.menuCollapsed),
                }
              : { kind: 'drawer', onClick: () => setDrawerOpen(true) }
          }
          start={sideMenu ? undefined : <span className="sr-only">{t('common:appName')}</span>}
        />
        <Main />
        <AppFooter />
      </Layout>
      <ScrollTopButton />
    </Layout>
  );
}

function HorizontalLayout() {
  const prefs = usePreferences();
  const isDesktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useDrawer();
  const skin = effectiveSkin(prefs.skin, 'horizontal');
  const topMenu = isDesktop && !prefs.menuHidden;

  return (
    <Layout className="app-layout app-layout--horizontal" data-testid="layout-horizontal" data-skin={skin}>
      <SkipLink />
      <div className="app-horizontal-top">
        <Navbar
          start={<Brand />}
          {...(topMenu ? {} : { menuToggle: { kind: 'drawer' as const, onClick: () => setDrawerOpen(true) } })}
        />
        {topMenu && (
          <div className="app-hmenu">
            <NavMenu mode="horizontal" theme="light" />
          </div>
        )}
      </div>
      {!topMenu && <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
      <Layout className="app-main">
        <Main />
        <AppFooter />
      </Layout>
      <ScrollTopButton />
    </Layout>
  );
}

/** The staff layout: vertical (side menu, default) or horizontal (top menu), per preference. */
export default function AppLayout() {
  const { layout } = usePreferences();
  useEntriesRefreshCentres();
  useServerStateOnNavigation();
  usePageFocus();
  // antd's App context (message, notification, modal hooks) lives here, not in the shared provider,
  // so that the sign-in pages do not download those components.
  return (
    <AntdProvider>
      <App component={false}>
        <DoorLoop />
        <DeskShortcuts />
        <OnlinePaymentNotices />
        {layout === 'horizontal' ? <HorizontalLayout /> : <VerticalLayout />}
      </App>
    </AntdProvider>
  );
}
