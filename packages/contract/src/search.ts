/**
 * Member search text. Staff type part of a name (Latin or Chinese), a phone, an e-mail, a member
 * code or a card number into one box. The server stores one normalised `search_text` per member
 * and matches `LIKE '%keyword%'` on it through a trigram index.
 *
 * Trigram indexes only see letters and digits of the database's locale; CJK characters are not
 * letters in the C locale (PGlite's), so each one is spelled as `Z` and its code point in five
 * hex digits written with the letters A to P. A two-character fragment such as 大文 then becomes
 * `ZAFJCHZAGFIH`, long enough for trigrams. Everything else in the text is lower case and a
 * keyword is lower-cased too, so a typed word or phone fragment can never land inside a spelling
 * (LIKE is case-sensitive; the trigram index only narrows the rows), and the `Z` marker keeps a
 * match on whole characters.
 */
const HEX_LETTERS = 'ABCDEFGHIJKLMNOP';
const CJK = /[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{2fa1f}]/u;

function spellCjk(text: string): string {
  let out = '';
  for (const ch of text) {
    if (!CJK.test(ch)) {
      out += ch;
      continue;
    }
    const hex = ch.codePointAt(0)!.toString(16).padStart(5, '0');
    out += `Z${[...hex].map((d) => HEX_LETTERS[Number.parseInt(d, 16)]).join('')}`;
  }
  return out;
}

/** The separator of the fields in a search text; never part of a field or of a keyword. */
export const SEARCH_SEPARATOR = '|';

/** Lower case, accents removed, CJK spelled out; spaces kept as separators; the field separator becomes a space. */
export function normaliseSearchPart(text: string): string {
  return spellCjk(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replaceAll(SEARCH_SEPARATOR, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/**
 * The keyword as it is matched against `search_text`. A keyword made only of phone characters with
 * a digit in it ("(11) 91234", "9876-54") is a phone fragment and keeps only its digits. A keyword
 * that normalises to nothing (only separators, "|") matches no member: callers test for `''`.
 */
export function normaliseKeyword(keyword: string): string {
  const k = keyword.trim();
  if (/^[\d\s()+.-]+$/.test(k) && /\d/.test(k)) return k.replace(/\D/g, '');
  return normaliseSearchPart(k);
}

export interface SearchableMember {
  code: string;
  firstName: string;
  lastName: string;
  chineseName?: string | null;
  phone?: string | null;
  email?: string | null;
  cardNumbers?: readonly string[];
}

/** One member's search text: every field a keyword may hit, separated by `|` so that a match never spans two fields. */
export function searchTextOf(m: SearchableMember): string {
  const parts = [
    m.code,
    `${m.firstName} ${m.lastName}`,
    `${m.lastName} ${m.firstName}`,
    m.chineseName ?? '',
    (m.phone ?? '').replace(/[^\d]/g, ''),
    m.email ?? '',
    ...(m.cardNumbers ?? []),
  ];
  return `|${parts
    .map((p) => normaliseSearchPart(p))
    .filter(Boolean)
    .join('|')}|`;
}

/** Escapes LIKE wildcards in a normalised keyword. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
