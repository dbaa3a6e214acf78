import { describe, expect, it } from 'vitest';
import { publicPageLanguage } from './language';

describe('publicPageLanguage', () => {
  it("keeps the visitor's own earlier choice", () => {
    expect(publicPageLanguage('de', ['pt-BR'], 'pt')).toBeNull();
  });

  it("follows the browser's first language when the product has it", () => {
    expect(publicPageLanguage(null, ['fr-FR', 'pt'], 'pt')).toBe('fr');
    expect(publicPageLanguage(null, ['zh-TW'], 'en')).toBe('zh-Hant');
  });

  it("falls back to the organisation's default otherwise", () => {
    expect(publicPageLanguage(null, ['ja-JP', 'en'], 'pt')).toBe('pt');
    expect(publicPageLanguage(null, [], 'de')).toBe('de');
  });
});
