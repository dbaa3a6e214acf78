import { type ReminderSettings, reminderWindowValid } from '@gym/contract/payments';
import { paymentSettings } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { reminderSettingsOf } from './reminder-settings.ts';

/**
 * Staff set the reminders and the booking block. The row exists: the route sets payments up first
 * (with the simulated provider), as reading the settings does.
 */
export async function updateReminderSettings(ctx: UseCaseContext, input: ReminderSettings): Promise<void> {
  if (!reminderWindowValid(input)) {
    const message = 'The window must end after it starts';
    throw new AppError(400, 'validation_failed', message, [
      { path: 'windowEnd', code: 'window_end_before_start', message },
    ]);
  }
  const [row] = await ctx.db.select().from(paymentSettings).for('update');
  const before = reminderSettingsOf(row);
  const offsets = [...new Set(input.offsets)].sort((a, b) => a - b);
  await ctx.db.update(paymentSettings).set({
    remindersEnabled: input.enabled,
    reminderOffsets: offsets,
    reminderWindowStart: input.windowStart,
    reminderWindowEnd: input.windowEnd,
    bookingBlockOverdueDays: input.blockBookingsAfterDays,
    updatedAt: ctx.clock.now(),
  });
  await recordAudit(ctx, {
    action: 'payment_settings.changed',
    entityType: 'config',
    summary: 'Payment reminder settings changed',
    before,
    after: { ...input, offsets },
    fields: ['enabled', 'offsets', 'windowStart', 'windowEnd', 'blockBookingsAfterDays'],
  });
}
