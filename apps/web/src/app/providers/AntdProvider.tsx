import type { Language } from '@gym/contract/constants';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../shared/i18n/languages';
import { effectiveSkin, usePreferences } from '../../shared/preferences';
import { useMediaQuery } from '../../shared/useMediaQuery';
import { loadUiLocale } from './locales';
import { themeFor } from './theme';

/** antd configuration for a layout: the skin's theme, the language's locale (antd and dayjs), and no motion when the system asks for less. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { skin, layout } = usePreferences();
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const language: Language = isLanguage(lng) ? lng : 'en';
  const [locale, setLocale] = useState<{ language: Language; value: Locale | undefined } | null>(null);

  useEffect(() => {
    let cancelled = false;
    loadUiLocale(language)
      .then((value) => {
        if (!cancelled) setLocale({ language, value });
      })
      .catch(() => {
        // antd falls back to its built-in English texts.
      });
    return () => {
      cancelled = true;
    };
  }, [language]);

  // A person who asked their system for less motion gets none: drawers, dialogs and lists appear at once.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const theme = useMemo(() => {
    const base = themeFor(effectiveSkin(skin, layout));
    return reducedMotion ? { ...base, token: { ...base.token, motion: false } } : base;
  }, [skin, layout, reducedMotion]);

  return (
    <ConfigProvider theme={theme} {...(locale?.value ? { locale: locale.value } : {})}>
      {children}
    </ConfigProvider>
  );
}
