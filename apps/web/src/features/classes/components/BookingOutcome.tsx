import type { CancelBookingResponse } from '@gym/contract/classes';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../api';

/**
 * What a booking came to, in a sentence: booked with which credit or membership, on the waitlist at
 * which place, cancelled in time (credit back) or late (the organisation's rule applied), waived.
 */
export function BookingOutcome({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return <span data-testid="booking-outcome">{bookingOutcomeText(t, booking)}</span>;
}

export function bookingOutcomeText(t: (key: string, options?: Record<string, unknown>) => string, b: Booking): string {
  const source = b.entitlement?.name ?? '';
  const join = (lead: string, detail: string) => t('classes:outcome.join', { lead, detail });
  switch (b.status) {
    case 'waitlisted':
      return b.trial
        ? t('classes:outcome.waitlistedTrial', { position: b.waitlistPosition ?? '—' })
        : t('classes:outcome.waitlisted', { position: b.waitlistPosition ?? '—' });
    case 'booked':
    case 'attended': {
      const lead = b.status === 'attended' ? t('classes:outcome.attended') : t('classes:outcome.booked');
      if (b.trial) return join(lead, t('classes:outcome.trial'));
      if (b.paidBy === 'package') return join(lead, t('classes:outcome.credits', { count: b.creditsUsed, source }));
      if (b.paidBy === 'membership') return join(lead, t('classes:outcome.membership', { source }));
      return lead;
    }
    case 'cancelled':
      return b.paidBy === 'package' && b.creditsUsed > 0 && b.creditReturned
        ? t('classes:outcome.cancelledReturned', { count: b.creditsUsed })
        : t('classes:outcome.cancelled');
    case 'late_cancelled':
    case 'no_show': {
      const lead = b.status === 'no_show' ? t('classes:outcome.noShow') : t('classes:outcome.lateCancelled');
      if (b.waived && b.feeInvoice) return join(lead, t('classes:outcome.waivedFee', { note: b.waiverNote ?? '' }));
      if (b.waived) return join(lead, t('classes:outcome.waived', { note: b.waiverNote ?? '' }));
      if (b.feeInvoice) return join(lead, t('classes:outcome.feeBilled', { number: b.feeInvoice.number }));
      if (b.paidBy === 'package' && b.creditsUsed > 0 && !b.creditReturned)
        return join(lead, t('classes:outcome.creditLost', { count: b.creditsUsed }));
      return join(lead, t('classes:outcome.noPenalty'));
    }
    default:
      return '';
  }
}

/** A member's name as the screen's language reads it best: the Chinese name in Chinese when there is one. */
function nameFor(language: string, member: CancelBookingResponse['promoted'][number]['member']): string {
  return language.startsWith('zh') && member.chineseName ? member.chineseName : member.name;
}

/**
 * A cancel's answer in a sentence: what the booking came to, then who moved up from the waitlist
 * into the freed place ("Cancelled. 陳大文 moved up from the waitlist.").
 */
export function cancelOutcomeText(
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
  answer: CancelBookingResponse,
): string {
  const done = bookingOutcomeText(t, answer);
  if (answer.promoted.length === 0) return done;
  const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    answer.promoted.map((p) => nameFor(language, p.member)),
  );
  return t('classes:outcome.withPromoted', {
    done,
    promoted: t(answer.promoted.length === 1 ? 'classes:outcome.promoted' : 'classes:outcome.promotedMany', { names }),
  });
}
