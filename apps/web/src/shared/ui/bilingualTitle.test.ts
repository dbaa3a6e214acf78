import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enTitles from '../../locales/en/titles.json';
import frTitles from '../../locales/fr/titles.json';
import zhTitles from '../../locales/zh-Hant/titles.json';
import { bilingualTitleText } from './bilingualTitle';

async function instance(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: 'en',
    resources: { en: { titles: enTitles }, fr: { titles: frTitles }, 'zh-Hant': { titles: zhTitles } },
  });
  return i18n;
}

describe('bilingual titles', () => {
  it('reads "<title> (<Traditional Chinese>)" in English and other languages', async () => {
    expect(bilingualTitleText(await instance('en'), 'memberList')).toBe('Member List (會員管理)');
    expect(bilingualTitleText(await instance('en'), 'productList')).toBe('Product List (貨品管理)');
    expect(bilingualTitleText(await instance('en'), 'shortCourseList')).toBe('Short Course List (短期課程管理)');
    expect(bilingualTitleText(await instance('en'), 'roomList')).toBe('Room List (課室管理)');
    expect(bilingualTitleText(await instance('fr'), 'memberList')).toBe('Liste des membres (會員管理)');
  });

  it('reads "<Traditional Chinese> (<English>)" in Traditional Chinese', async () => {
    expect(bilingualTitleText(await instance('zh-Hant'), 'memberList')).toBe('會員管理 (Member List)');
  });
});
