import { APP_VERSION } from '@gym/contract/constants';
import { useTranslation } from 'react-i18next';
import { useCentreToday } from '../../../shared/today';

/** Static footer with the product version (spec: 2.9.1.0813). */
export function AppFooter() {
  const { t } = useTranslation();
  // The year of the centre's today, like every date on screen.
  const year = useCentreToday()().slice(0, 4);
  return (
    <footer className="app-footer">
      <span>
        © {year} {t('common:appName')}
      </span>
      <span data-testid="app-version" className="app-footer__version">
        {t('common:footer.version', { version: APP_VERSION })}
      </span>
    </footer>
  );
}
