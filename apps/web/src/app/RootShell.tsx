import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { readerStorageChanged } from '../features/door/readerState';
import { useRouteMeta } from '../shared/routing/useRouteMeta';
import { bilingualTitleText } from '../shared/ui/bilingualTitle';
import { useLoggedIn } from '../shared/useSession';
import { hideLoadingOverlay } from './bootOverlay';
import { rememberReaderFromQuery } from './readerParam';

/**
 * The root of every page: remembers `?reader=`, scrolls to the top and hides the loading overlay on
 * each navigation, keeps `document.title` bilingual, and shows a thin progress bar while the next
 * screen loads.
 */
export function RootShell() {
  const location = useLocation();
  const navigation = useNavigation();
  const route = useRouteMeta();
  const { i18n, t } = useTranslation();
  const firstRender = useRef(true);
  const loggedIn = useLoggedIn();

  useEffect(() => {
    rememberReaderFromQuery(location.search);
    readerStorageChanged();
  }, [location.search]);

  // The realtime channel stays open while someone is signed in, whatever the layout. Loaded on
  // demand: the sign-in page never downloads the socket client.
  useEffect(() => {
    if (!loggedIn) return;
    let cancelled = false;
    const realtime = import('../shared/realtime');
    void realtime.then((module) => {
      if (!cancelled) module.connectRealtime();
    });
    return () => {
      cancelled = true;
      void realtime.then((module) => module.disconnectRealtime());
    };
  }, [loggedIn]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
    } else {
      window.scrollTo({ top: 0, left: 0 });
    }
    hideLoadingOverlay();
  }, [location.pathname]);

  const titleKey = route?.titleKey;
  // The title follows the language too (i18n.resolvedLanguage).
  useEffect(() => {
    document.title = titleKey ? bilingualTitleText(i18n, titleKey) : t('common:appName');
  }, [titleKey, i18n, i18n.resolvedLanguage, t]);

  const busy = navigation.state !== 'idle';
  return (
    <>
      <div
        className={`nav-progress${busy ? ' is-active' : ''}`}
        role="progressbar"
        aria-label={t('common:states.loading')}
        aria-hidden={!busy}
      />
      <Outlet />
    </>
  );
}
