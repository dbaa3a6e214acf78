import type { Language } from '@gym/contract/constants';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../shared/i18n/languages';
import { effectiveSkin, usePreferences } from '../../shared/preferences';
import { useMediaQuery } from '../../shared/useMediaQuery';
import { loadedUiLocale, loadUiLocale } from './locales';
import { themeFor } from './theme';

/**
 * antd configuration for a layout: the skin's theme and the language's locale (antd and dayjs).
 * Dialogs, drawers and lists open without their zoom and slide when the device asks for less motion.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { skin, layout } = usePreferences();
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const language: Language = isLanguage(lng) ? lng : 'en';
  const [locale, setLocale] = useState<{ language: Language; value: Locale | undefined } | null>(() => {
    const ready = loadedUiLocale(language);
    return ready ? { language, value: ready.value } : null;
  });

  useEffect(() => {
    let cancelled = false;
    loadUiLocale(language)
      .then((value) => {
        // The same texts as the first render had (loaded by the boot): no second render of the screen.
        if (!cancelled)
          setLocale((current) =>
            current?.language === language && current.value === value ? current : { language, value },
          );
      })
      .catch(() => {
        // antd falls back to its built-in English texts.
      });
    return () => {
      cancelled = true;
    };
  }, [language]);

  // The device asks for less motion (an accessibility setting), followed live.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const theme = useMemo(() => {
    const base = themeFor(effectiveSkin(skin, layout));
    return reducedMotion ? { ...base, token: { ...base.token, motion: false } } : base;
  }, [skin, layout, reducedMotion]);

  // Always a locale, English's until another's texts have come: antd wraps the screen in its locale
  // provider only when given one, and that provider appearing remounted the whole screen, emptying
  // a form someone had begun to fill (a visitor switching the registration page to Portuguese, then
  // typing before the Portuguese texts came).
  return (
    <ConfigProvider theme={theme} locale={locale?.value ?? enUS}>
      {children}
    </ConfigProvider>
  );
}
