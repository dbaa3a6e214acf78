/** Names as other systems store them: one "full name" column, Chinese names, HKID-style "CHAN Tai Man". */

const HAN = /[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{2fa1f}]/u;
const HAN_ONLY = /^[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{2fa1f}\s·・]+$/u;

/** Two-character surnames; every other Chinese name starts with a one-character surname. */
const COMPOUND_SURNAMES = new Set([
  '歐陽',
  '欧阳',
  '司徒',
  '上官',
  '諸葛',
  '诸葛',
  '司馬',
  '司马',
  '東方',
  '东方',
  '皇甫',
  '尉遲',
  '尉迟',
  '公孫',
  '公孙',
  '慕容',
  '令狐',
  '夏侯',
  '長孫',
  '长孙',
  '宇文',
  '端木',
  '鍾離',
  '钟离',
  '澹臺',
  '澹台',
  '軒轅',
  '轩辕',
  '西門',
  '西门',
  '南宮',
  '南宫',
  '獨孤',
  '独孤',
  '申屠',
  '萬俟',
  '呼延',
  '赫連',
  '赫连',
  '聞人',
  '闻人',
  '司空',
  '太史',
]);

export const isChineseOnly = (text: string) => HAN_ONLY.test(text) && HAN.test(text);

/** A Chinese name as surname and given name: 陳大文 -> 陳 + 大文, 歐陽震華 -> 歐陽 + 震華. */
export function splitChineseName(name: string): { lastName: string; firstName: string } {
  const chars = [...name.replace(/[\s·・]/g, '')];
  const two = chars.slice(0, 2).join('');
  const surnameLength = chars.length > 2 && COMPOUND_SURNAMES.has(two) ? 2 : 1;
  return { lastName: chars.slice(0, surnameLength).join(''), firstName: chars.slice(surnameLength).join('') };
}

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
const isUpperWord = (word: string) => /\p{L}/u.test(word) && word === word.toUpperCase() && word !== word.toLowerCase();

export interface SplitName {
  firstName: string;
  lastName: string;
  chineseName: string | null;
}

/**
 * Splits a full name. Chinese characters become the Chinese name (and, with no Latin part, the
 * first and last name too, surname first). The Latin part reads "Last, First"; "CHAN Tai Man"
 * (a capitalised word before mixed-case ones: the Hong Kong way of writing the surname first);
 * otherwise "First ... Last". A single word gives a first name only.
 */
export function splitFullName(full: string): SplitName {
  const text = full.replace(/\s+/g, ' ').trim();
  const chinese = [...text].filter((ch) => HAN.test(ch)).join('');
  const latin = [...text]
    .filter((ch) => !HAN.test(ch))
    .join('')
    .replace(/[()（）]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!latin) {
    if (!chinese) return { firstName: '', lastName: '', chineseName: null };
    return { ...splitChineseName(chinese), chineseName: chinese };
  }
  const chineseName = chinese || null;
  const comma = latin.indexOf(',');
  if (comma >= 0) {
    return { lastName: latin.slice(0, comma).trim(), firstName: latin.slice(comma + 1).trim(), chineseName };
  }
  const words = latin.split(' ');
  if (words.length === 1) return { firstName: words[0]!, lastName: '', chineseName };
  const [head, ...rest] = words as [string, ...string[]];
  if (isUpperWord(head) && head.length > 1 && rest.some((w) => !isUpperWord(w))) {
    return { lastName: titleCase(head), firstName: rest.join(' '), chineseName };
  }
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)!, chineseName };
}
