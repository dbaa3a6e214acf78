import type { Language } from '@gym/contract/constants';
import { useEffect } from 'react';
import { i18n, loadLanguage } from '../../shared/i18n/i18n';
import { languageFromTag } from '../../shared/i18n/languages';
import { APP_STORAGE_KEYS, local } from '../../shared/storage';

/**
 * The language a visitor of a public page first sees: the one they chose before on this device,
 * else their browser's first language if the product has it, else the organisation's default.
 */
export function publicPageLanguage(
  stored: string | null,
  browser: readonly string[],
  organisationDefault: Language,
): Language | null {
  if (stored) return null;
  const first = languageFromTag(browser[0]);
  return first ?? organisationDefault;
}

/**
 * Switches to the organisation's default language once its page info is known, unless the visitor
 * chose one or their browser asks for one we have. Not remembered: only the visitor's own choice
 * (the language picker) is.
 */
export function useOrganisationLanguage(organisationDefault: Language | undefined): void {
  useEffect(() => {
    if (!organisationDefault) return;
    const wanted = publicPageLanguage(
      local.get(APP_STORAGE_KEYS.language),
      navigator.languages ?? [navigator.language],
      organisationDefault,
    );
    if (!wanted || wanted === i18n.resolvedLanguage) return;
    void loadLanguage(wanted)
      .then(() => i18n.changeLanguage(wanted))
      .then(() => {
        document.documentElement.lang = wanted;
      });
  }, [organisationDefault]);
}
