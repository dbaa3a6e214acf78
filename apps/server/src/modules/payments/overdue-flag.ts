/**
 * What a member owes past due, for the desk, the door and the booking rule: how many days since the
 * oldest unpaid installment was due (the centre's business date) and the overdue amount (the sales
 * module's overdue rule), and whether the organisation's setting blocks class bookings for it.
 */
import type { OverdueFlag } from '@gym/contract/sales';
import { daysBetween } from '@gym/contract/time';
import { AppError } from '../../lib/errors.ts';
import { moneyText } from '../../lib/money-text.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { oldestOverdueOn, overdueMinorOn } from '../sales/index.ts';
import { readReminderSettings } from './reminder-settings.ts';

/** The member's overdue flag on `day`, or null when nothing is overdue. */
export async function overdueFlag(
  db: TenantDb,
  { memberId, day }: { memberId: string; day: string },
): Promise<OverdueFlag | null> {
  const due = await oldestOverdueOn(db, { memberId, day });
  if (!due) return null;
  const amount = await overdueMinorOn(db, { memberId, day });
  if (amount <= 0) return null;
  const [settings, config] = await Promise.all([
    readReminderSettings(db),
    readSystemConfig(
      db.unscoped('the organisation’s own row, read by the caller’s organisation id'),
      db.auth.organisationId,
    ),
  ]);
  const days = daysBetween(due, day);
  const after = settings.blockBookingsAfterDays;
  return { days, amount, currency: config.currencyCode, blocksBookings: after !== null && days >= after };
}

/**
 * The booking rule: a member whose debt is overdue the organisation's number of days or more books
 * no class (422 `payment_overdue`, naming the days and the amount) until it is paid.
 */
export async function checkNotBlockedForOverdue(db: TenantDb, { memberId, day }: { memberId: string; day: string }) {
  const flag = await overdueFlag(db, { memberId, day });
  if (!flag?.blocksBookings) return;
  const amountText = moneyText(flag.amount, flag.currency);
  const message = `A payment is ${flag.days} days overdue (${amountText}): class bookings wait until it is paid`;
  throw new AppError(
    422,
    'payment_overdue',
    message,
    [{ path: 'memberId', code: 'payment_overdue', message }],
    undefined,
    {
      days: flag.days,
      amountMinor: flag.amount,
      currency: flag.currency,
      amount: amountText,
    },
  );
}
