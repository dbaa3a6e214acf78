import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { hideLoadingOverlay } from './bootOverlay';
import { isChunkLoadError } from './lazy';

/**
 * Shown when a screen could not be loaded (chunk failed or took longer than 120 s) or crashed.
 * Plain markup, no component library: it must work even when the library chunk is what failed.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  // An error on the very first screen must not stay hidden under the boot overlay.
  useEffect(() => hideLoadingOverlay(), []);

  const chunk = isChunkLoadError(error);
  const status = isRouteErrorResponse(error) ? error.status : null;
  const titleKey = chunk ? 'errors:screen.chunkTitle' : 'errors:screen.crashTitle';
  const textKey = chunk ? 'errors:screen.chunkText' : 'errors:screen.crashText';

  return (
    <div className="route-error" data-testid="screen-route-error" role="alert">
      <div className="route-error__card">
        <h1 className="route-error__title">{t(titleKey)}</h1>
        <p className="route-error__text">{t(textKey)}</p>
        {status !== null && <p className="route-error__detail">HTTP {status}</p>}
        <div className="route-error__actions">
          <button
            type="button"
            className="route-error__button route-error__button--primary"
            onClick={() => window.location.reload()}
            data-testid="route-error-retry"
          >
            {t('common:actions.retry')}
          </button>
          <a className="route-error__button" href="/">
            {t('common:actions.goHome')}
          </a>
        </div>
      </div>
    </div>
  );
}
