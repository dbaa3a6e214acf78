/**
 * `/dashboard`'s figures beside the door's live feed, in one call (`GET pro/dashboard?centerId=`):
 * money (for who may read sales), the memberships about to end, today's classes and the day's
 * entries per hour, all of the centre's business date.
 */
import { z } from 'zod';

export const dashboardQuerySchema = z.object({ centerId: z.uuid() });

/** How many days ahead "ending soon" looks (today counted). */
export const EXPIRING_DAYS = 7;
/** The most members the expiring list carries (the count is exact). */
export const EXPIRING_LIST_MAX = 50;

export const dashboardSchema = z.object({
  centerId: z.string(),
  today: z.string(),
  /** Money: null for a caller who may not read sales. */
  money: z
    .object({
      /** Payments less refunds taken today. */
      todayMinor: z.number().int(),
      monthMinor: z.number().int(),
      /** The centre's revenue goal of the month, and where the month ends at this rate. */
      monthTargetMinor: z.number().int().nullable(),
      monthPaceMinor: z.number().int().nullable(),
      /** What members owe the centre: Σ balances of invoices not void. */
      unpaidMinor: z.number().int(),
      unpaidInvoices: z.number().int(),
    })
    .nullable(),
  entries: z.object({
    granted: z.number().int(),
    denied: z.number().int(),
    /** Granted entries per hour of the centre's day (24 numbers). */
    perHour: z.array(z.number().int()),
  }),
  expiring: z.object({
    count: z.number().int(),
    members: z.array(
      z.object({ id: z.string(), code: z.string(), name: z.string(), endsOn: z.string(), plan: z.string() }),
    ),
  }),
  classes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      startTime: z.string(),
      capacity: z.number().int(),
      booked: z.number().int(),
      waitlisted: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The message the centre's browsers hear when a figure of the dashboard changed (a sale, a payment, a refund). */
export const FIGURES_CHANGED = 'figures.changed';
