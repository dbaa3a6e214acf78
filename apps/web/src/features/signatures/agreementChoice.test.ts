import type { AgreementTemplate } from '@gym/contract/signatures';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { agreementOptions, firstChoice, isTermsUnsigned } from './agreementChoice';
import { certificateFieldMessage } from './certificateForm';

const template = (id: string, kind: AgreementTemplate['kind'], language: AgreementTemplate['language']) =>
  ({
    id,
    code: kind,
    kind,
    language,
    title: `${kind} ${language}`,
    body: 'x',
    version: 2,
    createdAt: '',
  }) as AgreementTemplate;

const all = [
  template('w-en', 'waiver', 'en'),
  template('t-en', 'membership_terms', 'en'),
  template('w-de', 'waiver', 'de'),
  template('t-de', 'membership_terms', 'de'),
  template('p-fr', 'pt_contract', 'fr'),
];

describe('the agreement sent to a member', () => {
  it('offers the member’s language, the waiver first on the member file', () => {
    const options = agreementOptions(all, 'de');
    expect(options.map((o) => o.value)).toEqual(['w-de', 't-de']);
    expect(options[0]!.label).toBe('waiver de (de, v2)');
    expect(firstChoice(options, 'waiver')).toBe('w-de');
  });

  it('at the sale offers only the membership terms, in the member’s language', () => {
    const options = agreementOptions(all, 'de', 'membership_terms');
    expect(options.map((o) => o.value)).toEqual(['t-de']);
    expect(firstChoice(options, 'membership_terms')).toBe('t-de');
  });

  it('falls back to every language when none is in the member’s, and offers nothing when the kind has none', () => {
    expect(agreementOptions(all, 'zh-Hant', 'membership_terms').map((o) => o.value)).toEqual(['t-en', 't-de']);
    expect(agreementOptions(all.slice(0, 1), 'en', 'membership_terms')).toEqual([]);
    expect(firstChoice([], 'waiver')).toBeUndefined();
  });

  it('knows a sale refused for unsigned membership terms from any other refusal', () => {
    const refusal = (error: string) => new ApiError({ status: 422, error, message: 'no' });
    expect(isTermsUnsigned(refusal('membership_terms_unsigned'))).toBe(true);
    expect(isTermsUnsigned(refusal('stock_short'))).toBe(false);
    expect(isTermsUnsigned(new Error('offline'))).toBe(false);
  });
});

describe('the sealing certificate’s upload', () => {
  const t = ((key: string | string[], options?: { defaultValue?: string }) =>
    key === 'signatures:certificate.errors.p12_invalid'
      ? 'wrong password or not a P12'
      : (options?.defaultValue ?? String(key))) as TFunction;

  it('says a file that does not open is not a P12 or has the wrong password, in the screen’s words', () => {
    expect(certificateFieldMessage(t, 'p12_invalid')).toBe('wrong password or not a P12');
  });
});
