import type { i18n as I18n } from 'i18next';

export interface BilingualTitleParts {
  /** The title in the language on screen. */
  primary: string;
  /** The title in the other language of the pair: Traditional Chinese, or English when on Chinese. */
  secondary: string;
  secondaryLang: 'en' | 'zh-Hant';
}

/**
 * Page titles are bilingual (spec): `Member List (會員管理)` in a non-Chinese language,
 * `會員管理 (Member List)` in Traditional Chinese.
 */
export function bilingualTitleParts(i18n: I18n, titleKey: string): BilingualTitleParts {
  const key = `titles:${titleKey}`;
  const onChinese = (i18n.resolvedLanguage ?? i18n.language) === 'zh-Hant';
  const secondaryLang = onChinese ? 'en' : 'zh-Hant';
  return {
    primary: i18n.t(key),
    secondary: i18n.t(key, { lng: secondaryLang }),
    secondaryLang,
  };
}

export function bilingualTitleText(i18n: I18n, titleKey: string): string {
  const { primary, secondary } = bilingualTitleParts(i18n, titleKey);
  return primary === secondary ? primary : `${primary} (${secondary})`;
}
