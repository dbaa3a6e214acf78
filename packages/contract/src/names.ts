/**
 * How a member's name is shown, in one place for the list, the file, its header, the search results
 * and the global search. Latin names read given name first ("Mary Wong"). A name written in Han
 * script reads family name first, without a space ("嘉欣 張" as imported from a system that keeps
 * first and last name apart becomes "張嘉欣"), and its initials are the family name's first
 * character then the given name's ("張嘉").
 */

const HAN = /\p{Script=Han}/u;
const HAN_ONLY = /^[\p{Script=Han}\u00b7\u30fb\s]+$/u;

export interface NameParts {
  firstName: string;
  lastName: string;
}

/** True when both parts are written in Han script (a Chinese, Japanese kanji or Korean hanja name). */
export function isHanName(m: NameParts): boolean {
  const whole = `${m.firstName}${m.lastName}`.trim();
  return whole.length > 0 && HAN.test(whole) && HAN_ONLY.test(whole);
}

/** The name as staff say it: "Mary Wong", "張嘉欣". */
export function formatMemberName(m: NameParts): string {
  const first = m.firstName.trim();
  const last = m.lastName.trim();
  if (isHanName(m)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ');
}

/** Two letters for an avatar: "MW" for Mary Wong, "張嘉" for 張嘉欣; the Chinese name when there is no other. */
export function memberInitials(m: NameParts & { chineseName?: string | null }): string {
  const first = [...m.firstName.trim()][0] ?? '';
  const last = [...m.lastName.trim()][0] ?? '';
  if (isHanName(m)) return `${last}${first}` || '?';
  const latin = `${first}${last}`.toUpperCase();
  return latin || [...(m.chineseName ?? '').trim()][0] || '?';
}
