/**
 * Monthly goals: one target per centre (staff null) or per staff member at a centre, per month and
 * metric. Progress is never stored: it is computed from the source rows (modules/goals).
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, tenantKey, tenantTarget, timestamps } from './columns.ts';
import { centerId, centers, tenantRow, users } from './tenancy.ts';

export const goals = pgTable(
  'goals',
  {
    ...tenantRow(),
    centerId: centerId(),
    /** null: the centre's own goal; else the staff member's at that centre. */
    staffId: uuid('staff_id').references(() => users.id),
    /** `YYYY-MM`: a month of the centre's calendar. */
    month: text('month').notNull(),
    /** Contract `GOAL_METRICS`: `revenue` (minor units), `newMembers`, `ptSessions`, `renewals`. */
    metric: text('metric').notNull(),
    target: money('target').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    tenantTarget('goals_org_id', t),
    index('goals_org_center_month').on(t.organisationId, t.centerId, t.month),
    uniqueIndex('goals_centre_once')
      .on(t.organisationId, t.centerId, t.month, t.metric)
      .where(sql`${t.staffId} is null`),
    uniqueIndex('goals_staff_once')
      .on(t.organisationId, t.centerId, t.staffId, t.month, t.metric)
      .where(sql`${t.staffId} is not null`),
    tenantKey('goals_org_center_fk', t, t.centerId, centers),
    tenantKey('goals_org_staff_fk', t, t.staffId, users),
    tenantKey('goals_org_updated_by_fk', t, t.updatedBy, users),
    check('goals_metric', sql`${t.metric} in ('revenue','newMembers','ptSessions','renewals')`),
    check('goals_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('goals_target', sql`${t.target} >= 0`),
  ],
);
