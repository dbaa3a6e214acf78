import type { Language } from '@gym/contract/constants';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { datePickerPattern } from '../../shared/datePicker';

/** antd and dayjs follow the screen language; Portuguese is Brazil's. */
const antdLocales: Record<Exclude<Language, 'en'>, () => Promise<{ default: Locale }>> = {
  de: () => import('antd/es/locale/de_DE'),
  fr: () => import('antd/es/locale/fr_FR'),
  pt: () => import('antd/es/locale/pt_BR'),
  'zh-Hant': () => import('antd/es/locale/zh_TW'),
};

const dayjsLocales: Record<Exclude<Language, 'en'>, { name: string; load: () => Promise<unknown> }> = {
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
  pt: { name: 'pt-br', load: () => import('dayjs/locale/pt-br') },
  'zh-Hant': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
};

let dayjsLocalised = false;

async function setDayjsLocale(language: Language): Promise<void> {
  // English is dayjs's own default: nothing to load unless another language was set before.
  if (language === 'en' && !dayjsLocalised) return;
  const { default: dayjs } = await import('dayjs');
  if (language === 'en') {
    dayjs.locale('en');
    return;
  }
  const locale = dayjsLocales[language];
  await locale.load();
  dayjs.locale(locale.name);
  dayjsLocalised = true;
}

/** The languages whose antd texts are loaded (undefined: antd's built-in English). */
const loaded = new Map<Language, Locale | undefined>();

/**
 * The date pickers show and read the day as every screen writes it (`shared/dates.ts`): 23/11/2026,
 * 23.11.2026, 2026/11/23, never antd's ISO default.
 */
function withDateFormat(locale: Locale, language: Language): Locale {
  const picker = locale.DatePicker;
  if (!picker) return locale;
  const day = datePickerPattern(language);
  return {
    ...locale,
    DatePicker: {
      ...picker,
      lang: { ...picker.lang, fieldDateFormat: day, fieldDateTimeFormat: `${day} HH:mm:ss` },
    },
  };
}

/** antd's texts for the language, with its date pattern, and dayjs's locale. */
export async function loadUiLocale(language: Language): Promise<Locale | undefined> {
  const [antd] = await Promise.all([language === 'en' ? undefined : antdLocales[language](), setDayjsLocale(language)]);
  const locale = withDateFormat(antd?.default ?? enUS, language);
  loaded.set(language, locale);
  return locale;
}

/**
 * The language's antd texts if `loadUiLocale` has loaded them (the boot loads the first language's
 * before the first render, so that the whole screen is not rendered a second time when they come).
 */
export function loadedUiLocale(language: Language): { value: Locale | undefined } | null {
  return loaded.has(language) ? { value: loaded.get(language) } : null;
}
