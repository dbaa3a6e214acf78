/**
 * Phone numbers in one stored form, E.164 (`+85261239876`), whatever staff or a member typed
 * (`6123 9876`, `+852 6123-9876`, `00852 61239876`). A number typed without a country gets the home
 * centre's country. This is a small normaliser, not a validator of numbering plans: it knows the
 * calling code and trunk prefix of the countries the product is sold in, strips punctuation, and
 * leaves anything it cannot place (no country known, too short) as `+digits` when a `+` or `00` was
 * typed, or as the digits typed otherwise. (No phone library is available to this project's build.)
 */

interface CountryPlan {
  code: string;
  /** The national trunk prefix dropped in international form ("0" in Germany: 030 → +49 30). */
  trunk?: string;
  /** How the national number is grouped for display, e.g. [4, 4] for Hong Kong. */
  groups?: number[];
}

export const PHONE_COUNTRIES: Record<string, CountryPlan> = {
  HK: { code: '852', groups: [4, 4] },
  MO: { code: '853', groups: [4, 4] },
  SG: { code: '65', groups: [4, 4] },
  TW: { code: '886', trunk: '0', groups: [3, 3, 3] },
  CN: { code: '86', trunk: '0', groups: [3, 4, 4] },
  GB: { code: '44', trunk: '0', groups: [4, 6] },
  DE: { code: '49', trunk: '0', groups: [3, 8] },
  FR: { code: '33', trunk: '0', groups: [1, 2, 2, 2, 2] },
  PT: { code: '351', groups: [3, 3, 3] },
  BR: { code: '55', trunk: '0', groups: [2, 5, 4] },
  US: { code: '1', trunk: '1', groups: [3, 3, 4] },
};

export const PHONE_COUNTRY_CODES = Object.keys(PHONE_COUNTRIES);

/** The stored form of a typed phone number, or null for an empty one. */
export function normalisePhone(input: string | null | undefined, defaultCountry?: string | null): string | null {
  if (input == null) return null;
  const trimmed = input.trim();
  if (!trimmed) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return null;
  if (/^\(?\+/.test(trimmed)) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  const plan = defaultCountry ? PHONE_COUNTRIES[defaultCountry.toUpperCase()] : undefined;
  if (!plan) return digits;
  // "(852) 6123 9876": the country code typed without a plus, recognised by the length that follows it.
  const expected = (plan.groups ?? []).reduce((n, g) => n + g, 0);
  if (digits.startsWith(plan.code) && digits.length - plan.code.length === expected) return `+${digits}`;
  const national = plan.trunk && digits.startsWith(plan.trunk) ? digits.slice(plan.trunk.length) : digits;
  return `+${plan.code}${national}`;
}

/** `+85261239876` shown as `+852 6123 9876`; a number without a known country is shown as stored. */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  if (!/^\+\d+$/.test(stored)) return stored;
  const digits = stored.slice(1);
  const plan = Object.values(PHONE_COUNTRIES)
    .filter((p) => digits.startsWith(p.code))
    .sort((a, b) => b.code.length - a.code.length)[0];
  if (!plan) return stored;
  const national = digits.slice(plan.code.length);
  const groups = plan.groups ?? [];
  const expected = groups.reduce((n, g) => n + g, 0);
  if (national.length !== expected) return `+${plan.code} ${national}`;
  const parts: string[] = [];
  let at = 0;
  for (const g of groups) {
    parts.push(national.slice(at, at + g));
    at += g;
  }
  return `+${plan.code} ${parts.join(' ')}`;
}
