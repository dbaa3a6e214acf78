import { describe, expect, it } from 'vitest';
import { languageFromTag, pickInitialLanguage } from './languages';

describe('language choice', () => {
  it('maps browser tags to the product languages', () => {
    expect(languageFromTag('pt-BR')).toBe('pt');
    expect(languageFromTag('de-AT')).toBe('de');
    expect(languageFromTag('zh-TW')).toBe('zh-Hant');
    expect(languageFromTag('zh-HK')).toBe('zh-Hant');
    expect(languageFromTag('zh-Hant-HK')).toBe('zh-Hant');
    expect(languageFromTag('zh-CN')).toBeNull();
    expect(languageFromTag('es-ES')).toBeNull();
  });

  it('prefers the stored language, then the account, then the browser, then English', () => {
    expect(pickInitialLanguage('fr', 'de', ['pt-BR'])).toBe('fr');
    expect(pickInitialLanguage(null, 'de', ['pt-BR'])).toBe('de');
    expect(pickInitialLanguage('xx', undefined, ['es', 'pt-BR'])).toBe('pt');
    expect(pickInitialLanguage(null, undefined, ['ja'])).toBe('en');
  });
});
