import { LANGUAGES, type Language } from '@gym/contract/constants';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_ENDONYMS } from '../../../shared/i18n/languages';
import { setLanguage } from '../../../shared/preferences';

/**
 * Language picker of the full-page layout: a native select, light enough for the sign-in page and
 * fully usable with the keyboard and screen readers.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const current: Language = isLanguage(lng) ? lng : 'en';
  return (
    <label className="language-select">
      <span className="sr-only">{t('common:language.label')}</span>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 100 20 10 10 0 000-20zm6.9 6h-2.9a15.7 15.7 0 00-1.4-3.6A8 8 0 0118.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 010-4h3.4a16.5 16.5 0 000 4H4.3zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 015.1 16zM8 8H5.1a8 8 0 014.3-3.6C8.8 5.5 8.4 6.7 8 8zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 010-4h4.6a14.7 14.7 0 010 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 01-4.3 3.6zm1.7-5.6a16.5 16.5 0 000-4h3.4a8.2 8.2 0 010 4h-3.4z"
        />
      </svg>
      <select
        data-testid="language-switcher"
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_ENDONYMS[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
