import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Brand({ collapsed = false, dark = false }: { collapsed?: boolean; dark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={`brand${dark ? ' brand--dark' : ''}`} aria-label={t('common:appName')}>
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#5b50d6" />
        <path d="M7 13h3v6H7zm15 0h3v6h-3zM10 11h3v10h-3zm9 0h3v10h-3zm-6 4h6v2h-6z" fill="#fff" />
      </svg>
      {!collapsed && <span className="brand__name">{t('common:appName')}</span>}
    </Link>
  );
}
