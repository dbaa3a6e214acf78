/**
 * Realistic Hong Kong members, generated from a seed: the same seed gives the same people, so e2e
 * tests can rely on the demo data, and the bench can make 200,000 of them in seconds.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '@gym/contract/constants';
import type { GENDERS, MEMBER_SOURCES, MemberStatus } from '@gym/contract/members';
import { normalisePhone } from '@gym/contract/phone';
import { searchTextOf } from '@gym/contract/search';
import type { DbOrTx } from '../db/client.ts';
import { tenantDb } from '../lib/tenant-db.ts';
import { insertMemberRows, type NewCardRow, type NewMemberRow } from '../modules/imports/index.ts';
import { allocateMemberCodes } from '../modules/members/index.ts';

/** mulberry32: a small, fast, well-spread 32-bit generator; enough for test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Cantonese romanisation of common Hong Kong surnames, with the character. */
const SURNAMES: readonly [string, string][] = [
  ['Chan', '陳'],
  ['Wong', '黃'],
  ['Wong', '王'],
  ['Lee', '李'],
  ['Cheung', '張'],
  ['Lau', '劉'],
  ['Ng', '吳'],
  ['Ho', '何'],
  ['Leung', '梁'],
  ['Lam', '林'],
  ['Tsang', '曾'],
  ['Yip', '葉'],
  ['Chow', '周'],
  ['Tang', '鄧'],
  ['Cheng', '鄭'],
  ['Lai', '黎'],
  ['Kwok', '郭'],
  ['Fung', '馮'],
  ['Mak', '麥'],
  ['Law', '羅'],
  ['Tse', '謝'],
  ['Choi', '蔡'],
  ['Poon', '潘'],
  ['Yeung', '楊'],
  ['Chu', '朱'],
  ['Siu', '蕭'],
  ['Hui', '許'],
  ['Kwan', '關'],
  ['Ma', '馬'],
  ['Lo', '盧'],
  ['Yu', '余'],
  ['Tam', '譚'],
  ['Au', '區'],
  ['Fong', '方'],
  ['Ko', '高'],
  ['Tong', '唐'],
  ['Man', '文'],
  ['So', '蘇'],
  ['Chung', '鍾'],
  ['Tsui', '徐'],
  ['Wu', '胡'],
  ['Mok', '莫'],
  ['Yuen', '袁'],
  ['Wan', '溫'],
  ['Kong', '江'],
  ['Hung', '洪'],
  ['Shek', '石'],
  ['Lui', '呂'],
  ['Chiu', '趙'],
  ['Ip', '葉'],
  ['Pang', '彭'],
  ['Sin', '冼'],
  ['Kwong', '鄺'],
  ['Tsoi', '蔡'],
  ['Leung', '梁'],
  ['Chan', '陳'],
  ['Wong', '黃'],
];

const MALE_NAMES = [
  'Kelvin',
  'Jason',
  'Eric',
  'Kenneth',
  'Raymond',
  'Alex',
  'Michael',
  'Brian',
  'Edmund',
  'Derek',
  'Calvin',
  'Dickson',
  'Ivan',
  'Gary',
  'Samuel',
  'Wilson',
  'Terence',
  'Vincent',
  'Patrick',
  'Anthony',
  'Jacky',
  'Marco',
  'Oscar',
  'Ricky',
  'Tommy',
  'Benson',
  'Felix',
  'Hugo',
  'Ryan',
  'Ethan',
  'Justin',
  'Matthew',
  'Nelson',
  'Stanley',
  'Timothy',
  'Andy',
];
const FEMALE_NAMES = [
  'Karen',
  'Winnie',
  'Cherry',
  'Vivian',
  'Michelle',
  'Jessica',
  'Crystal',
  'Fiona',
  'Gigi',
  'Ivy',
  'Joyce',
  'Kitty',
  'Mandy',
  'Natalie',
  'Phoebe',
  'Queenie',
  'Rachel',
  'Stephanie',
  'Tiffany',
  'Yvonne',
  'Zoe',
  'Angel',
  'Bonnie',
  'Carmen',
  'Doris',
  'Eunice',
  'Florence',
  'Grace',
  'Hazel',
  'Iris',
  'Janice',
  'Katie',
  'Sharon',
  'Connie',
  'Elaine',
];
/** Cantonese given names (romanised, and in characters), for members without an English name. */
const MALE_GIVEN: readonly [string, string][] = [
  ['Ka Wai', '嘉偉'],
  ['Chi Ming', '志明'],
  ['Wing Kin', '永健'],
  ['Kwok Keung', '國強'],
  ['Ho Yin', '浩賢'],
  ['Chun Kit', '俊傑'],
  ['Siu Lung', '小龍'],
  ['Tsz Hin', '梓軒'],
  ['Man Lok', '文樂'],
  ['Wai Lun', '偉倫'],
  ['Ka Ho', '家豪'],
  ['Chi Keung', '志強'],
  ['Kin Man', '健文'],
  ['Hoi Ming', '凱明'],
];
const FEMALE_GIVEN: readonly [string, string][] = [
  ['Wing Yan', '詠欣'],
  ['Mei Ling', '美玲'],
  ['Hoi Yan', '凱欣'],
  ['Siu Ling', '小玲'],
  ['Ka Yan', '嘉欣'],
  ['Sze Wing', '思穎'],
  ['Pui Yee', '佩儀'],
  ['Wai Man', '慧敏'],
  ['Tsz Ching', '芷晴'],
  ['Hiu Tung', '曉彤'],
  ['Ching Yee', '靜儀'],
  ['Man Yi', '敏儀'],
  ['Yuen Ting', '婉婷'],
  ['Lok Yi', '樂怡'],
];
/** Second and third characters of Chinese names of members who go by an English first name. */
const GIVEN_CHARS = [
  '嘉',
  '偉',
  '家',
  '俊',
  '志',
  '明',
  '詠',
  '欣',
  '美',
  '玲',
  '慧',
  '婷',
  '穎',
  '思',
  '敏',
  '子',
  '浩',
  '皓',
  '傑',
  '健',
  '雅',
  '琪',
  '潔',
  '曉',
  '芷',
  '晴',
  '凱',
  '樂',
  '永',
  '振',
  '國',
  '華',
  '麗',
  '淑',
  '儀',
  '詩',
  '朗',
  '天',
  '宇',
  '文',
];
const EMAIL_DOMAINS = ['gmail.com', 'yahoo.com.hk', 'hotmail.com', 'outlook.com', 'netvigator.com', 'icloud.com'];
const BUILDINGS = [
  'Hoi Fu Court',
  'Sun Hing Building',
  'Kam Lung Mansion',
  'Pacific Tower',
  'Lok Fu Estate',
  'Harbour View',
];
const STREETS = ['Hennessy Road', 'Nathan Road', "King's Road", 'Argyle Street', 'Shanghai Street', 'Electric Road'];
const DISTRICTS = ['Causeway Bay', 'Wan Chai', 'North Point', 'Mong Kok', 'Yau Ma Tei', 'Prince Edward', 'Tai Koo'];
const NOTES = [
  'Prefers morning classes',
  'Knee injury: no jumping',
  'Corporate plan',
  'Referred by a trainer',
  'Student discount',
];

/** Phones and cards kept out of generated data: the demo's fixed member uses them. */
export const RESERVED_PHONES = new Set(['91234567', '98765432']);

export interface GeneratorCenter {
  id: string;
  code: string;
}

export interface GeneratedMember {
  firstName: string;
  lastName: string;
  chineseName: string | null;
  gender: (typeof GENDERS)[number];
  birthday: string;
  phone: string;
  email: string | null;
  address: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  homeCenter: GeneratorCenter;
  status: MemberStatus;
  source: (typeof MEMBER_SOURCES)[number];
  isNew: boolean;
  marketingConsent: boolean;
  language: Language;
  notes: string | null;
  cardNumber: string | null;
  createdAt: Date;
}

/**
 * Card number of the n-th generated member: 10 digits with a leading zero, from a bijection of n
 * (48271 is prime to 9 * 10^8), so numbers never repeat and look unordered. They start at
 * 0100000000: low numbers such as 0001234567 stay free for hand-made examples.
 */
export function generatedCardNumber(n: number): string {
  return String(100_000_000 + ((n * 48_271 + 12_345) % 900_000_000)).padStart(10, '0');
}

export interface GenerateOptions {
  seed: number;
  centers: readonly GeneratorCenter[];
  /** The index of the first member, so that a second batch continues the card numbers. */
  offset?: number;
  now?: Date;
}

/** `count` members, the same ones for the same seed and offset. */
export function generateMembers(count: number, opts: GenerateOptions): GeneratedMember[] {
  const random = seededRandom(opts.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  const now = (opts.now ?? new Date()).getTime();
  const offset = opts.offset ?? 0;
  const out: GeneratedMember[] = [];
  const phone = (): string => {
    for (;;) {
      const p = `${pick(['5', '6', '9'])}${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}`;
      if (!RESERVED_PHONES.has(p)) return p;
    }
  };

  for (let i = 0; i < count; i++) {
    const female = chance(0.52);
    const [lastName, surnameChar] = pick(SURNAMES);
    let firstName: string;
    let chineseName: string | null = null;
    if (chance(0.3)) {
      const [given, chars] = pick(female ? FEMALE_GIVEN : MALE_GIVEN);
      firstName = given;
      if (chance(0.8)) chineseName = `${surnameChar}${chars}`;
    } else {
      firstName = pick(female ? FEMALE_NAMES : MALE_NAMES);
      if (chance(0.55)) chineseName = `${surnameChar}${pick(GIVEN_CHARS)}${pick(GIVEN_CHARS)}`;
    }
    const roll = random();
    const status: MemberStatus = roll < 0.75 ? 'active' : roll < 0.83 ? 'frozen' : roll < 0.93 ? 'left' : 'prospect';
    const isNew = status === 'prospect' && chance(0.4);
    const sourceRoll = random();
    const source = isNew
      ? 'online'
      : sourceRoll < 0.4
        ? 'walk_in'
        : sourceRoll < 0.6
          ? 'referral'
          : sourceRoll < 0.75
            ? 'social'
            : sourceRoll < 0.85
              ? 'online'
              : sourceRoll < 0.95
                ? 'corporate'
                : 'other';
    const year = 1958 + Math.floor(random() * 48);
    const birthday = `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    const emailName = `${firstName.replaceAll(' ', '').toLowerCase()}.${lastName.toLowerCase()}`;
    out.push({
      firstName,
      lastName,
      chineseName,
      gender: chance(0.02) ? 'undisclosed' : female ? 'female' : 'male',
      birthday,
      phone: phone(),
      email: chance(0.85)
        ? `${emailName}${chance(0.6) ? Math.floor(random() * 1000) : ''}@${pick(EMAIL_DOMAINS)}`
        : null,
      address: chance(0.5)
        ? `Flat ${pick(['A', 'B', 'C', 'D', 'E', 'F'])}, ${1 + Math.floor(random() * 40)}/F, ${pick(BUILDINGS)}, ${1 + Math.floor(random() * 300)} ${pick(STREETS)}, ${pick(DISTRICTS)}`
        : null,
      emergencyContactName: chance(0.4) ? `${pick(female ? MALE_NAMES : FEMALE_NAMES)} ${lastName}` : null,
      emergencyContactPhone: null,
      homeCenter: pick(opts.centers),
      status,
      source,
      isNew,
      marketingConsent: chance(0.55),
      language: chance(0.4) ? 'zh-Hant' : 'en',
      notes: chance(0.05) ? pick(NOTES) : null,
      cardNumber: status === 'prospect' || chance(0.1) ? null : generatedCardNumber(offset + i),
      // Spread over the last three years, newest prospects within the last fortnight.
      createdAt: new Date(now - Math.floor(random() * (isNew ? 14 : 3 * 365) * 86_400_000)),
    });
    const last = out.at(-1)!;
    if (last.emergencyContactName) last.emergencyContactPhone = phone();
  }
  return out;
}

/**
 * Stores generated (or hand-made) members with codes from the organisation's pattern (one
 * allocation for all of them), their search text and their cards. Answers the new members' ids.
 */
export async function insertGeneratedMembers(
  tx: DbOrTx,
  organisationId: string,
  people: readonly GeneratedMember[],
  onProgress?: (done: number) => void | Promise<void>,
): Promise<string[]> {
  const codes = await allocateMemberCodes(tenantDb(tx, { organisationId, centerIds: null }), {
    centerCodes: people.map((p) => p.homeCenter.code),
    now: new Date(),
  });
  const memberRows: NewMemberRow[] = [];
  const cardRows: NewCardRow[] = [];
  people.forEach((p, i) => {
    const id = randomUUID();
    const code = codes[i]!;
    const createdAt = p.createdAt.toISOString();
    memberRows.push({
      id,
      organisationId,
      homeCenterId: p.homeCenter.id,
      code,
      firstName: p.firstName,
      lastName: p.lastName,
      chineseName: p.chineseName,
      gender: p.gender,
      birthday: p.birthday,
      // Stored as the API stores a Hong Kong number (E.164), so search and duplicates see one form.
      phone: normalisePhone(p.phone, 'HK'),
      phoneDigits: normalisePhone(p.phone, 'HK')!.replace(/\D/g, ''),
      email: p.email,
      address: p.address,
      emergencyContactName: p.emergencyContactName,
      emergencyContactPhone: p.emergencyContactPhone,
      guardian: null,
      source: p.source,
      notes: p.notes,
      marketingConsent: p.marketingConsent,
      language: p.language,
      status: p.status,
      isNew: p.isNew,
      searchText: searchTextOf({
        ...p,
        phone: normalisePhone(p.phone, 'HK'),
        code,
        cardNumbers: p.cardNumber ? [p.cardNumber] : [],
      }),
      createdBy: null,
      createdAt,
    });
    if (p.cardNumber) {
      cardRows.push({
        id: randomUUID(),
        organisationId,
        number: p.cardNumber,
        memberId: id,
        attachedBy: null,
        attachedAt: createdAt,
      });
    }
  });
  await insertMemberRows(tenantDb(tx, { organisationId, centerIds: null }), { memberRows, cardRows, onProgress });
  return memberRows.map((m) => m.id);
}
