import type { Entitlement } from '@gym/contract/sales';

/** What credits are for, as the member header counts them apart (a class credit is no PT session). */
export const CREDIT_KINDS = ['class', 'pt', 'any', 'rental', 'course'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

const live = (e: Pick<Entitlement, 'status'>) =>
  e.status === 'active' || e.status === 'frozen' || e.status === 'pending';

/**
 * The credits left on the member's live packages and short courses, by what they are for: class
 * credits, PT sessions, credits for any use, rental hours, course sessions. Each is the sum of the
 * entitlements' `creditsLeft`, the entitlement ledger's balance as the server derives it; a kind the
 * member holds nothing live of is absent.
 */
export function creditsByKind(
  items: readonly Pick<Entitlement, 'kind' | 'usage' | 'status' | 'creditsLeft'>[],
): Partial<Record<CreditKind, number>> {
  const out: Partial<Record<CreditKind, number>> = {};
  for (const e of items) {
    if (e.kind === 'membership' || !live(e) || e.creditsLeft === null) continue;
    const kind: CreditKind =
      e.kind === 'short_course'
        ? 'course'
        : (CREDIT_KINDS as readonly string[]).includes(e.usage ?? '')
          ? (e.usage as CreditKind)
          : 'any';
    out[kind] = (out[kind] ?? 0) + e.creditsLeft;
  }
  return out;
}
