import type { Booking } from '@gym/contract/classes';
import { describe, expect, it } from 'vitest';
import deClasses from '../../locales/de/classes.json';
import enClasses from '../../locales/en/classes.json';
import zhClasses from '../../locales/zh-Hant/classes.json';
import { ApiError } from '../../shared/api/client';
import { testI18n } from '../../shared/i18n/testI18n';
import { visibleRange } from './calendarRange';
import { classErrorMessage } from './classErrors';
import { changesClasses } from './classEvents';
import { bookingOutcomeText } from './components/BookingOutcome';
import { fillTone } from './places';

async function translator(lng: string) {
  const i18n = await testI18n(
    { en: { classes: enClasses }, de: { classes: deClasses }, 'zh-Hant': { classes: zhClasses } },
    { lng },
  );
  return i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
}

function booking(change: Partial<Booking>): Booking {
  return {
    id: 'b1',
    status: 'booked',
    trial: false,
    feeInvoice: null,
    member: { id: 'm1', code: 'DF0001', name: 'Tai Man Chan', chineseName: '陳大文', photoUrl: null },
    class: {
      id: 'c1',
      center: { id: 'cwb', code: 'CWB', name: 'Causeway Bay' },
      date: '2026-11-27',
      startTime: '10:00',
      endTime: '10:45',
      startsAt: '2026-11-27T02:00:00.000Z',
      room: { id: 'r1', name: 'Studio 1' },
      teacher: { id: 't1', name: 'Tina Trainer' },
      type: { id: 'y1', name: 'Yoga', colour: '#6a1b9a' },
      status: 'scheduled',
    },
    paidBy: 'package',
    entitlement: { id: 'e1', name: '10-class pack' },
    creditsUsed: 1,
    creditReturned: false,
    waitlistPosition: null,
    bookedAt: '2026-11-26T08:00:00.000Z',
    cancelledAt: null,
    attendedAt: null,
    attendanceSource: null,
    waived: false,
    waiverNote: null,
    promotedAt: null,
    bookedBy: null,
    ...change,
  };
}

describe('what the desk reads of a booking', () => {
  it('says which credit or membership paid, or the waitlist place', async () => {
    const t = await translator('en');
    expect(bookingOutcomeText(t, booking({}))).toBe('Booked. Credits used: 1, from 10-class pack.');
    expect(
      bookingOutcomeText(
        t,
        booking({ paidBy: 'membership', creditsUsed: 0, entitlement: { id: 'e2', name: 'Monthly' } }),
      ),
    ).toBe('Booked. Covered by Monthly.');
    expect(
      bookingOutcomeText(t, booking({ status: 'waitlisted', paidBy: null, entitlement: null, waitlistPosition: 3 })),
    ).toBe('On the waitlist, position 3. No credit is used until a place frees up.');
    // A prospect's trial says so, booked or waiting.
    const trial = { trial: true, paidBy: null, entitlement: null, creditsUsed: 0 } as const;
    expect(bookingOutcomeText(t, booking(trial))).toBe('Booked. Free trial class.');
    expect(bookingOutcomeText(t, booking({ ...trial, status: 'waitlisted', waitlistPosition: 2 }))).toBe(
      'On the waitlist, position 2: the free trial takes the place when one frees up.',
    );
    const zh = await translator('zh-Hant');
    expect(bookingOutcomeText(zh, booking(trial))).toBe('已預約。免費試堂。');
  });

  it('names the late-cancellation rule when the credit is lost, and the waiver with its note', async () => {
    const t = await translator('en');
    expect(bookingOutcomeText(t, booking({ status: 'cancelled', creditReturned: true }))).toBe(
      'Cancelled in time; credits returned: 1.',
    );
    expect(bookingOutcomeText(t, booking({ status: 'late_cancelled' }))).toBe(
      'Late cancellation. Late-cancellation rule applied: the credit is lost (1).',
    );
    expect(bookingOutcomeText(t, booking({ status: 'late_cancelled', creditReturned: true }))).toBe(
      "Late cancellation. No penalty under the centre's rules.",
    );
    expect(
      bookingOutcomeText(
        t,
        booking({ status: 'no_show', waived: true, creditReturned: true, waiverNote: 'Doctor’s note' }),
      ),
    ).toBe('Did not come. Penalty waived, credit returned (Doctor’s note).');
  });

  it('names the fee invoice under the fee rule, and its voiding by a waiver', async () => {
    const t = await translator('en');
    const feeInvoice = { id: 'i1', number: 'CWB-000321', state: 'issued', totalMinor: 5000 };
    expect(bookingOutcomeText(t, booking({ status: 'no_show', creditReturned: true, feeInvoice }))).toBe(
      'Did not come. A fee is billed on invoice CWB-000321.',
    );
    expect(
      bookingOutcomeText(
        t,
        booking({ status: 'late_cancelled', creditReturned: true, waived: true, waiverNote: 'Flu', feeInvoice }),
      ),
    ).toBe('Late cancellation. Penalty waived, fee voided (Flu).');
  });

  it('reads in German and Chinese too', async () => {
    expect(bookingOutcomeText(await translator('de'), booking({ status: 'late_cancelled' }))).toBe(
      'Späte Stornierung. Regel für späte Stornierung angewendet: Das Guthaben verfällt (1).',
    );
    expect(bookingOutcomeText(await translator('zh-Hant'), booking({}))).toBe('已預約。已扣 1 堂（10-class pack）。');
  });
});

describe('the bar of places taken', () => {
  it('turns amber from 80 % and red when full', () => {
    expect(fillTone(0, 20)).toBe('open');
    expect(fillTone(15, 20)).toBe('open');
    expect(fillTone(16, 20)).toBe('nearly');
    expect(fillTone(20, 20)).toBe('full');
    expect(fillTone(21, 20)).toBe('full');
  });
});

describe('which realtime messages refresh the class screens', () => {
  const entry = (result: string, center: string) => ({
    center_id: center,
    action: 'entry',
    message: '',
    icon: '',
    entry: { id: 'e1', at: '2026-11-26T08:00:00.000Z', result, center: { id: center } },
  });

  it('a granted entry at this centre (it marks a booking of today attended)', () => {
    expect(changesClasses(entry('granted', 'cwb'), 'cwb')).toBe(true);
    expect(changesClasses(entry('denied', 'cwb'), 'cwb')).toBe(false);
    expect(changesClasses(entry('granted', 'mk'), 'cwb')).toBe(false);
  });

  it('booking and class messages, not others', () => {
    expect(changesClasses({ action: 'booking.attended', center_id: 'cwb' }, 'cwb')).toBe(true);
    expect(changesClasses({ action: 'class.cancelled', center_id: 'mk' }, 'cwb')).toBe(false);
    expect(changesClasses({ action: 'update-member-card', center_id: 'cwb' }, 'cwb')).toBe(false);
    expect(changesClasses('not json', 'cwb')).toBe(false);
  });
});

describe('the days the calendar asks for', () => {
  it('a day, its ISO week (Monday first), or the six whole weeks around a month', () => {
    expect(visibleRange('day', '2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(visibleRange('week', '2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(visibleRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(visibleRange('month', '2026-11-26')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    // Across a year end.
    expect(visibleRange('week', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });
});

describe('a booking refused for a payment overdue', () => {
  it('says how many days and how much, in the desk’s language', async () => {
    const refusal = new ApiError({
      status: 422,
      error: 'payment_overdue',
      message: 'A payment is 12 days overdue',
      fields: [{ path: 'memberId', code: 'payment_overdue', message: 'A payment is 12 days overdue' }],
      details: { days: 12, amountMinor: 50_000, currency: 'HKD', amount: 'HKD 500.00' },
    });
    const t = (await translator('en')) as unknown as Parameters<typeof classErrorMessage>[0];
    expect(classErrorMessage(t, refusal)).toBe(
      'A payment is 12 days overdue (HKD 500.00): class bookings are blocked until it is paid.',
    );
    const zh = (await translator('zh-Hant')) as unknown as Parameters<typeof classErrorMessage>[0];
    expect(classErrorMessage(zh, refusal)).toBe('有一筆款項已逾期 12 天（HKD 500.00）：付款前不能預約課堂。');
  });
});
