import type { Language } from '@gym/contract/constants';
import { useEffect } from 'react';
import { i18n, loadLanguage } from '../../shared/i18n/i18n';
import { APP_STORAGE_KEYS, local } from '../../shared/storage';

/**
 * A payment page speaks the member's language (the server names it: the member's, else the
 * organisation's), unless the visitor chose one on this device with the language switcher: a member
 * paying from their own phone reads what the centre wrote to them, whatever the phone's settings.
 */
export function paymentPageLanguage(stored: string | null, member: Language): Language | null {
  return stored ? null : member;
}

export function useMemberLanguage(member: Language | undefined): void {
  useEffect(() => {
    if (!member) return;
    const wanted = paymentPageLanguage(local.get(APP_STORAGE_KEYS.language), member);
    if (!wanted || wanted === i18n.resolvedLanguage) return;
    void loadLanguage(wanted)
      .then(() => i18n.changeLanguage(wanted))
      .then(() => {
        document.documentElement.lang = wanted;
      });
  }, [member]);
}
