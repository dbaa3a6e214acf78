/**
 * The organisation's payment reminders and overdue booking block, as stored on its payment settings
 * row (the defaults when payments were never set up: reminders on, −3, +1, +3, +7 days, 09:00–20:00).
 */
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@gym/contract/payments';
import { paymentSettings } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

type SettingsRow = typeof paymentSettings.$inferSelect;

export function reminderSettingsOf(row: SettingsRow | undefined | null): ReminderSettings {
  if (!row) return { ...DEFAULT_REMINDER_SETTINGS, offsets: [...DEFAULT_REMINDER_SETTINGS.offsets] };
  return {
    enabled: row.remindersEnabled,
    offsets: [...row.reminderOffsets].sort((a, b) => a - b),
    windowStart: row.reminderWindowStart,
    windowEnd: row.reminderWindowEnd,
    blockBookingsAfterDays: row.bookingBlockOverdueDays,
  };
}

/** The organisation's reminder settings (the caller's organisation). */
export async function readReminderSettings(db: TenantDb): Promise<ReminderSettings> {
  return reminderSettingsOf(await db.first(paymentSettings));
}
