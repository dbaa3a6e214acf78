import 'antd/dist/antd.css';
import './styles/global.css';
// The list toolbar, two-column forms and row actions: shared by most screens, loaded with the entry.
import './shared/ui/screens.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setMaintenanceMode } from './app/maintenance';
import { loadUiLocale } from './app/providers/locales';
import { queryClient } from './app/queryClient';
import { rememberReaderFromQuery } from './app/readerParam';
import { createAppRouter } from './app/router';
import { setLanguageSource, setMaintenanceHandler, setSessionExpiredHandler } from './shared/api/client';
import { initI18n } from './shared/i18n/i18n';
import { pickInitialLanguage } from './shared/i18n/languages';
import { currentLanguage } from './shared/preferences';
import { loginPathFor, PATHS } from './shared/routing/guards';
import { getUserData } from './shared/session';
import { APP_STORAGE_KEYS, local } from './shared/storage';

async function boot(): Promise<void> {
  // Before any redirect can drop the query string.
  rememberReaderFromQuery(window.location.search);

  const language = pickInitialLanguage(
    local.get(APP_STORAGE_KEYS.language),
    getUserData()?.preferences?.language,
    navigator.languages ?? [navigator.language],
  );
  // antd's and dayjs's texts for the language load beside the app's own, so that the first render
  // has them (otherwise the whole screen renders again when they arrive).
  const uiLocale = loadUiLocale(language).catch(() => undefined);
  try {
    await initI18n(language);
  } catch {
    // The language chunk could not be fetched: English is bundled and always works.
  }
  await uiLocale;
  document.documentElement.lang = currentLanguage();
  setLanguageSource(currentLanguage);

  const router = createAppRouter();

  setSessionExpiredHandler(() => {
    queryClient.clear();
    const { pathname, search } = router.state.location;
    if (pathname !== PATHS.login) void router.navigate(loginPathFor(`${pathname}${search}`), { replace: true });
  });
  setMaintenanceHandler(() => {
    setMaintenanceMode(true);
    const role = getUserData()?.role;
    if (role !== 'admin' && role !== 'developer') void router.navigate(PATHS.underMaintenance);
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* Plain state updates (no transitions): the screen changes together with the address. */}
        <RouterProvider router={router} useTransitions={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void boot();
