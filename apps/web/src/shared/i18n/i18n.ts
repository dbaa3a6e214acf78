/**
 * i18next set-up. English (default and fallback) for the shell and sign-in is bundled with the entry,
 * the English of the screens is one chunk fetched at start beside the chosen language; every other
 * language is its own chunk, loaded before it is shown. The Traditional Chinese titles are always present too,
 * because every page title is bilingual (`Member List (會員管理)`).
 */
import type { Language } from '@gym/contract/constants';
import { PRODUCT_NAME } from '@gym/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources as enResources } from '../../locales/en';
import { NAMESPACES } from '../../locales/namespaces';
import zhHantTitles from '../../locales/zh-Hant/titles.json';

type Bundle = Record<string, Record<string, unknown>>;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ resources: Bundle }>> = {
  de: () => import('../../locales/de'),
  fr: () => import('../../locales/fr'),
  pt: () => import('../../locales/pt'),
  'zh-Hant': () => import('../../locales/zh-Hant'),
};

const loaded = new Set<Language>(['en']);

export const i18n = i18next;

export async function initI18n(language: Language): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { en: enResources, 'zh-Hant': { titles: zhHantTitles } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'de', 'fr', 'pt', 'zh-Hant'],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false, defaultVariables: { product: PRODUCT_NAME } },
    returnEmptyString: false,
    react: { useSuspense: false },
  });
  await Promise.all([loadEnglishScreens(), loadLanguage(language)]);
  await i18next.changeLanguage(language);
}

async function loadEnglishScreens(): Promise<void> {
  const { resources } = await import('../../locales/en/screens');
  for (const [namespace, bundle] of Object.entries(resources)) {
    i18next.addResourceBundle('en', namespace, bundle, true, true);
  }
}

/** Makes sure a language's texts are present (one chunk per language). */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language) || language === 'en') return;
  const { resources } = await loaders[language]();
  for (const [namespace, bundle] of Object.entries(resources)) {
    i18next.addResourceBundle(language, namespace, bundle, true, true);
  }
  loaded.add(language);
}
