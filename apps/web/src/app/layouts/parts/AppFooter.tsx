import { APP_VERSION } from '@gym/contract/constants';
import { useTranslation } from 'react-i18next';

/** Static footer with the product version (spec: 2.9.1.0813). */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <span>
        © {new Date().getFullYear()} {t('common:appName')}
      </span>
      <span data-testid="app-version" className="app-footer__version">
        {t('common:footer.version', { version: APP_VERSION })}
      </span>
    </footer>
  );
}
