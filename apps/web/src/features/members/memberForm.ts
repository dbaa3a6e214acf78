/**
 * The member form's values and the requests built from them. Empty text means "none" (null), a
 * guardian is only sent for a minor, and an edit sends only what changed, so that a save never
 * overwrites a field another desk changed meanwhile without meaning to.
 */
import type { Language } from '@gym/contract/constants';
import {
  ADULT_AGE,
  type CreateMemberRequest,
  type GENDERS,
  type MEMBER_SOURCES,
  type Member,
  type MemberStatus,
  type UpdateMemberRequest,
} from '@gym/contract/members';
import { ageOn, type BusinessDate } from '@gym/contract/time';
import type { Dayjs } from 'dayjs';

export type Gender = (typeof GENDERS)[number];
export type MemberSource = (typeof MEMBER_SOURCES)[number];

export interface MemberFormValues {
  firstName: string;
  lastName: string;
  chineseName?: string | null;
  gender?: Gender | null;
  birthday?: Dayjs | null;
  phone: string;
  email?: string | null;
  address?: string | null;
  emergencyContactName?: string | null;
  emergencyContactPhone?: string | null;
  guardian?: { name?: string | null; phone?: string | null; relationship?: string | null } | null;
  photo?: string | null;
  homeCenterId: string;
  source: MemberSource;
  notes?: string | null;
  marketingConsent: boolean;
  language: Language;
  groupIds: string[];
  status: MemberStatus;
  code?: string | null;
  cardNumber?: string | null;
}

/** Field names of the form, as the server names them in `fields[].path`. */
export const MEMBER_FORM_FIELDS = [
  'firstName',
  'lastName',
  'chineseName',
  'gender',
  'birthday',
  'phone',
  'email',
  'address',
  'emergencyContactName',
  'emergencyContactPhone',
  'guardian',
  'photo',
  'homeCenterId',
  'source',
  'notes',
  'marketingConsent',
  'language',
  'groupIds',
  'status',
  'code',
  'cardNumber',
] as const;

export function birthdayText(value: Dayjs | null | undefined): string | null {
  return value?.isValid() ? value.format('YYYY-MM-DD') : null;
}

/** True when the member is under 18 on the centre's today (a business date), and so needs a guardian. */
export function isMinor(birthday: string | null, today: BusinessDate): boolean {
  return birthday !== null && ageOn(birthday, today) < ADULT_AGE;
}

const text = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** A minor always has a guardian (the contract says whether it is complete); an adult keeps one only if it was filled in. */
function guardianOf(values: MemberFormValues, birthday: string | null, today: BusinessDate) {
  const g = values.guardian ?? {};
  const filled = text(g.name) !== null || text(g.phone) !== null;
  if (!isMinor(birthday, today) && !filled) return null;
  return { name: (g.name ?? '').trim(), phone: (g.phone ?? '').trim(), relationship: text(g.relationship) };
}

/** The profile part shared by create and update, every field present. */
function profileOf(values: MemberFormValues, today: BusinessDate) {
  const birthday = birthdayText(values.birthday);
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    chineseName: text(values.chineseName),
    gender: values.gender ?? null,
    birthday,
    phone: values.phone.trim(),
    email: text(values.email),
    address: text(values.address),
    emergencyContactName: text(values.emergencyContactName),
    emergencyContactPhone: text(values.emergencyContactPhone),
    guardian: guardianOf(values, birthday, today),
    photo: values.photo ?? null,
    homeCenterId: values.homeCenterId,
    source: values.source,
    notes: text(values.notes),
    marketingConsent: Boolean(values.marketingConsent),
    language: values.language,
    groupIds: values.groupIds ?? [],
    status: values.status,
  };
}

export function createRequestOf(
  values: MemberFormValues,
  confirmDifferentPerson: boolean,
  /** The home centre's business date, for the guardian rule. */
  today: BusinessDate,
): CreateMemberRequest {
  const code = text(values.code);
  const cardNumber = text(values.cardNumber);
  return {
    ...profileOf(values, today),
    ...(code ? { code } : {}),
    ...(cardNumber ? { cardNumber: cardNumber.toUpperCase() } : {}),
    ...(confirmDifferentPerson ? { confirmDifferentPerson: true } : {}),
  };
}

/** The member as the form shows it. */
export function profileOfMember(member: Member) {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    chineseName: member.chineseName,
    gender: member.gender,
    birthday: member.birthday,
    phone: member.phone ?? '',
    email: member.email,
    address: member.address,
    emergencyContactName: member.emergencyContactName,
    emergencyContactPhone: member.emergencyContactPhone,
    guardian: member.guardian,
    photo: member.photo,
    homeCenterId: member.homeCenter.id,
    source: member.source,
    notes: member.notes,
    marketingConsent: member.marketingConsent,
    language: member.language,
    groupIds: member.groups.map((g) => g.id),
    status: member.status,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Only the fields that differ from the stored member. A changed birthday carries the guardian with
 * it, so the contract can check the pair together.
 */
export function updateRequestOf(
  values: MemberFormValues,
  member: Member,
  confirmDifferentPerson: boolean,
  /** The home centre's business date, for the guardian rule. */
  today: BusinessDate,
): UpdateMemberRequest {
  const next = profileOf(values, today);
  const before = profileOfMember(member);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    const a = key === 'groupIds' ? [...next.groupIds].sort() : next[key];
    const b = key === 'groupIds' ? [...before.groupIds].sort() : before[key];
    if (!same(a, b)) patch[key] = next[key];
  }
  if ('birthday' in patch || 'guardian' in patch) {
    patch.birthday = next.birthday;
    patch.guardian = next.guardian;
  }
  if (confirmDifferentPerson) patch.confirmDifferentPerson = true;
  return patch as UpdateMemberRequest;
}

/** Where a server field path (`guardian.phone`) lives in the form (`['guardian', 'phone']`). */
export function formNameOf(path: string): (string | number)[] | null {
  const parts = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [head] = parts;
  if (typeof head !== 'string' || !(MEMBER_FORM_FIELDS as readonly string[]).includes(head)) return null;
  // "A guardian is required" is said beside the guardian's name, the first field to fill in.
  if (head === 'guardian' && parts.length === 1) return ['guardian', 'name'];
  if (head === 'groupIds') return ['groupIds'];
  return parts;
}
