import { LANGUAGES } from '@gym/contract/constants';
import { describe, expect, it } from 'vitest';
import { RECEIPT_LABELS, receiptLabels } from './receipt-labels.ts';

describe('receipt labels', () => {
  const keys = Object.keys(RECEIPT_LABELS.en).sort();

  it.each(LANGUAGES)('%s has every key, none empty', (language) => {
    const labels = RECEIPT_LABELS[language] as unknown as Record<string, string>;
    expect(Object.keys(labels).sort()).toEqual(keys);
    for (const key of keys) expect(labels[key]?.trim(), `${language}.${key}`).toBeTruthy();
  });

  it('falls back to English for a language it does not have', () => {
    expect(receiptLabels('xx').receipt).toBe('Receipt');
    expect(receiptLabels('de').receipt).toBe('Quittung');
  });
});
