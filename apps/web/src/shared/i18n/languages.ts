import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@gym/contract/constants';

/** Each language named in itself, as language pickers conventionally show them. */
export const LANGUAGE_ENDONYMS: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
  'zh-Hant': '繁體中文',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a browser language tag (`pt-BR`, `zh-TW`, `de-AT`) to one of the product's languages. */
export function languageFromTag(tag: string | undefined | null): Language | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) {
    // Simplified Chinese is not offered; Traditional is the closer reading for zh-HK / zh-TW / zh-Hant.
    return lower.includes('hant') || lower.includes('tw') || lower.includes('hk') || lower.includes('mo')
      ? 'zh-Hant'
      : null;
  }
  const base = lower.split('-')[0];
  return isLanguage(base) ? base : null;
}

export function pickInitialLanguage(
  stored: string | null,
  preferred: string | undefined,
  browser: readonly string[],
): Language {
  if (isLanguage(stored)) return stored;
  if (isLanguage(preferred)) return preferred;
  for (const tag of browser) {
    const match = languageFromTag(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
