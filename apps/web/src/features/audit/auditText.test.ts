import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@gym/contract/audit';
import { LANGUAGES } from '@gym/contract/constants';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { auditSentence } from './auditText';

const LOCALES = join(import.meta.dirname, '../../locales');
const audit = (language: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, 'audit.json'), 'utf8')) as {
    actions: Record<string, string>;
    entities: Record<string, string>;
  };
const HKD = { symbol: 'HK$', exponent: 2, decimal: '.', thousands: ',' } as const;

async function translator(language: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { audit: audit(language) } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('the audit log in words', () => {
  for (const language of LANGUAGES) {
    it(`${language}: every action the server may record, and every kind of record, has its words`, () => {
      const words = audit(language);
      const missing = [
        ...AUDIT_ACTIONS.filter((a) => !words.actions[a]?.trim()).map((a) => `actions.${a}`),
        ...AUDIT_ENTITY_TYPES.filter((e) => !words.entities[e]?.trim()).map((e) => `entities.${e}`),
      ];
      expect(missing).toEqual([]);
    });
  }

  it('writes money with its currency, never in minor units, and never shows a raw action key', async () => {
    const t = await translator('en');
    const refund = { action: 'invoice.refunded', before: null, after: { amountMinor: 16800, creditMinor: 16800 } };
    expect(auditSentence(t, refund, HKD)).toBe('Refunded HK$168.00');
    const pt = { action: 'pt_session.completed', before: { status: 'booked' }, after: { commissionMinor: 15000 } };
    expect(auditSentence(t, pt, HKD)).toBe("PT session marked done, trainer's commission HK$150.00");
    for (const action of AUDIT_ACTIONS) {
      expect(auditSentence(t, { action, before: null, after: null }, HKD)).not.toBe(action);
    }
    const de = await translator('de');
    expect(auditSentence(de, refund, HKD)).toBe('HK$168.00 erstattet');
  });
});
