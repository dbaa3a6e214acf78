/**
 * Cell values as other systems write them, read into the member vocabulary: "M", "男", "weiblich",
 * "Inaktiv", "31/12/1990", an Excel date serial... Each reader answers the value or `undefined`
 * when it does not recognise the text (the row then fails with `unknown_value`).
 */
import type { GENDERS, MEMBER_SOURCES, MEMBER_STATUSES } from '@gym/contract/members';
import { addDays, type BusinessDate, parseBusinessDate } from '@gym/contract/time';
import { type Cell, cellText } from './read-file.ts';

/** Lower case, accents dropped, punctuation as single spaces. */
function word(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}?-]+/gu, ' ')
    .trim();
}

function vocabulary<T extends string>(entries: Record<T, string[]>): Map<string, T> {
  const map = new Map<string, T>();
  for (const [value, words] of Object.entries(entries) as [T, string[]][]) {
    map.set(word(value.replace('_', ' ')), value);
    for (const w of words) map.set(word(w), value);
  }
  return map;
}

const GENDER_WORDS = vocabulary<(typeof GENDERS)[number]>({
  female: [
    'f',
    'female',
    'woman',
    'w',
    'weiblich',
    'frau',
    'femme',
    'feminin',
    'feminine',
    'feminino',
    'mulher',
    'fem',
    'girl',
    'lady',
    'ms',
    'mrs',
    'miss',
    '女',
    '女性',
    '女士',
  ],
  male: [
    'm',
    'male',
    'man',
    'mannlich',
    'mann',
    'homme',
    'h',
    'masculin',
    'masculino',
    'homem',
    'masc',
    'boy',
    'mr',
    '男',
    '男性',
    '先生',
  ],
  other: ['other', 'o', 'divers', 'd', 'x', 'autre', 'outro', 'non binary', 'nonbinary', 'diverse', '其他'],
  undisclosed: [
    'undisclosed',
    'none',
    'u',
    'unknown',
    'n a',
    'na',
    'prefer not to say',
    'not stated',
    'keine angabe',
    'non precise',
    'non renseigne',
    'nao informado',
    'nao declarado',
    '-',
    '?',
    '不透露',
    '未知',
    '不詳',
  ],
});

const STATUS_WORDS = vocabulary<(typeof MEMBER_STATUSES)[number]>({
  active: [
    'a',
    'activo',
    'ativo',
    'aktiv',
    'actif',
    'active member',
    'current',
    'valid',
    'member',
    'enabled',
    '有效',
    '活躍',
    '活跃',
    '正常',
    '在籍',
    '會員',
  ],
  frozen: [
    'freeze',
    'suspended',
    'paused',
    'on hold',
    'hold',
    'eingefroren',
    'pausiert',
    'ruhend',
    'gele',
    'suspendu',
    'congelado',
    'suspenso',
    'trancado',
    '凍結',
    '冻结',
    '暫停',
    '暂停',
  ],
  left: [
    'inactive',
    'expired',
    'cancelled',
    'canceled',
    'terminated',
    'former',
    'ex member',
    'quit',
    'disabled',
    'ausgetreten',
    'inaktiv',
    'gekundigt',
    'abgelaufen',
    'parti',
    'inactif',
    'resilie',
    'expire',
    'inativo',
    'cancelado',
    'saiu',
    'expirado',
    '離開',
    '离开',
    '已退會',
    '退會',
    '過期',
    '过期',
    '停用',
    '無效',
  ],
  prospect: [
    'lead',
    'non-member',
    'non member',
    'nonmember',
    'trial',
    'interested',
    'enquiry',
    'inquiry',
    'potential',
    'interessent',
    'probetraining',
    'essai',
    'interesse',
    'prospecto',
    'experimental',
    '潛在',
    '潜在',
    '試堂',
    '试堂',
    '查詢',
    '潛在客戶',
  ],
});

const SOURCE_WORDS = vocabulary<(typeof MEMBER_SOURCES)[number]>({
  walk_in: ['walkin', 'walk-in', 'walk in', 'laufkundschaft', 'passage', 'visita', 'balcao', '親臨', '上門', '到店'],
  referral: [
    'referred',
    'friend',
    'referral',
    'empfehlung',
    'parrainage',
    'recommandation',
    'indicacao',
    '介紹',
    '推薦',
    '朋友介紹',
  ],
  online: ['website', 'web', 'internet', 'en ligne', 'site', '網上', '网上', '網站', '網上登記'],
  social: [
    'social media',
    'facebook',
    'instagram',
    'ig',
    'fb',
    'soziale medien',
    'reseaux sociaux',
    'redes sociais',
    '社交媒體',
    '社交',
  ],
  corporate: ['company', 'employer', 'firma', 'firmenkunde', 'entreprise', 'empresa', 'corporativo', '公司', '企業'],
  import: ['imported', 'importiert', 'importe', 'importado', '匯入', '導入'],
  other: ['sonstige', 'andere', 'autre', 'outro', 'outros', '其他'],
});

const YES = new Set(
  ['yes', 'y', 'true', '1', 'x', 'ja', 'j', 'oui', 'sim', 's', 'si', 'opt in', 'agreed', '是', '同意', '有'].map(word),
);
const NO = new Set(['no', 'n', 'false', '0', 'nein', 'non', 'nao', 'opt out', '否', '不同意', '沒有', '无'].map(word));

export const readGender = (text: string) => GENDER_WORDS.get(word(text));
export const readStatus = (text: string) => STATUS_WORDS.get(word(text));
export const readSource = (text: string) => SOURCE_WORDS.get(word(text));

export function readBoolean(cell: Cell): boolean | undefined {
  if (typeof cell === 'boolean') return cell;
  const w = word(cellText(cell));
  if (YES.has(w)) return true;
  if (NO.has(w)) return false;
  return undefined;
}

/** Which of day and month comes first in a column of dates like 03/04/1990. */
export type DayOrder = 'dmy' | 'mdy';
const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T].*)?$/;

/**
 * A whole column decides: if any date has a first part over 12 the column is day-first, if any has a
 * second part over 12 it is month-first, otherwise day-first (Hong Kong, Europe and Brazil write days first).
 */
export function dayOrderOf(cells: Iterable<Cell | undefined>): DayOrder {
  let monthFirst = false;
  for (const cell of cells) {
    if (typeof cell !== 'string') continue;
    const m = SLASHED.exec(cell.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) return 'dmy';
    if (Number(m[2]) > 12) monthFirst = true;
  }
  return monthFirst ? 'mdy' : 'dmy';
}

const pad = (n: number | string) => String(n).padStart(2, '0');
/** Day 0 of Excel's serial day numbers (serial 60 is the 29 February 1900 that never was, hence the 30th). */
const EXCEL_EPOCH: BusinessDate = '1899-12-30';

/**
 * A date cell as `YYYY-MM-DD`: a real date cell, an Excel serial number, ISO text, 1990/05/01,
 * 01/05/1990 (in the column's order), 01.05.1990, 19900501, 1990年5月1日. Anything else is returned
 * as it is, so the contract's date rule names what is wrong with it.
 */
export function readDate(cell: Cell, order: DayOrder, today: BusinessDate): string {
  if (cell instanceof Date) return cellText(cell);
  if (typeof cell === 'number' && cell >= 1 && cell < 2_958_466) {
    return addDays(EXCEL_EPOCH, Math.floor(cell));
  }
  const text = cellText(cell);
  let m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T].*)?$/.exec(text);
  if (m) return `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`;
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m && Number(m[1]) > 1800) return `${m[1]}-${m[2]}-${m[3]}`;
  m = SLASHED.exec(text);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const [day, month] = order === 'dmy' ? [a, b] : [b, a];
    let year = Number(m[3]);
    if (m[3]!.length === 2) {
      // Two-digit years: a year after this one means the previous century (a birthday in '85).
      const thisYear = parseBusinessDate(today).year % 100;
      year += year > thisYear ? 1900 : 2000;
    }
    return `${year}-${pad(month)}-${pad(day)}`;
  }
  return text;
}
