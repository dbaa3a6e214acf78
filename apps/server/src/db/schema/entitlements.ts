/**
 * Entitlements: a member's memberships, credit packages and short courses (modules/entitlements).
 * One changes only by appending rows to `entitlementLedger`; `entitlementState` is the fold of those
 * rows (modules/entitlements/entitlement-state.ts), written in the same transaction as each row, and
 * a property test proves it equals the fold. A sold one names its invoice line.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, reference, tenantKey, tenantTarget } from './columns.ts';
import { members } from './members.ts';
import { invoiceLines } from './sales.ts';
import { centerId, centers, organisationId, tenantRow, users } from './tenancy.ts';

/** A member's membership, credit package or short course. Its facts are a snapshot of the item when sold. */
export const entitlements = pgTable(
  'entitlements',
  {
    ...tenantRow(),
    memberId: reference('member_id', () => members.id),
    /** `membership`, `package` or `short_course`. */
    kind: text('kind').notNull(),
    /** The catalogue item: a membership plan, a credit package or a short course. */
    itemId: uuid('item_id').notNull(),
    name: text('name').notNull(),
    /** Packages: what a credit is for (`class`, `pt`, `any`, `rental`). */
    usage: text('usage'),
    allCenters: boolean('all_centers').notNull(),
    centerIds: uuid('center_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** The centre that sold it. */
    centerId: centerId(),
    invoiceLineId: uuid('invoice_line_id').references(() => invoiceLines.id),
    /** How long it lasts once started: a membership plan's length, a package's validity (`day`). */
    durationValue: integer('duration_value').notNull(),
    durationUnit: text('duration_unit').notNull(),
    /** How it starts: `on_sale`, `chosen_date`, `first_entry` (memberships) or `on_sale` (packages, courses). */
    startRule: text('start_rule').notNull().default('on_sale'),
    maxFreezes: integer('max_freezes').notNull().default(0),
    maxFreezeDays: integer('max_freeze_days').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('entitlements_member').on(t.memberId),
    index('entitlements_org_item').on(t.organisationId, t.kind, t.itemId),
    index('entitlements_line').on(t.invoiceLineId),
    tenantTarget('entitlements_org_id', t),
    tenantKey('entitlements_org_member_fk', t, t.memberId, members),
    check('entitlements_kind', sql`${t.kind} in ('membership','package','short_course')`),
    tenantKey('entitlements_org_center_fk', t, t.centerId, centers),
    tenantKey('entitlements_org_invoice_line_fk', t, t.invoiceLineId, invoiceLines),
  ],
);

/**
 * Every change of an entitlement, in order (`seq` from 1): immutable. The kinds and what each
 * carries are `LedgerRow` in modules/entitlements/entitlement-state.ts.
 */
export const entitlementLedger = pgTable(
  'entitlement_ledger',
  {
    ...tenantRow(),
    entitlementId: reference('entitlement_id', () => entitlements.id),
    memberId: reference('member_id', () => members.id),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    /** Credits added (grant, return, adjustment) or taken (use, penalty, expiry, refund, transfer). */
    creditsDelta: integer('credits_delta').notNull().default(0),
    /** Credits held for a booked PT session (+1 on a hold), freed (−1 on a release) or spent (−1 with a use). */
    heldDelta: integer('held_delta').notNull().default(0),
    /** Days added to (or taken from) the end: extension, adjustment. */
    daysDelta: integer('days_delta').notNull().default(0),
    /** Grant and activation: the validity; freeze: its first and last day. */
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    /** What caused it: `entry`, `booking`, `pt_session`, `invoice_line`, `refund`, `entitlement` (transfer). */
    refType: text('ref_type'),
    refId: uuid('ref_id'),
    reason: text('reason'),
    staffId: uuid('staff_id').references(() => users.id),
    /** The centre's business date it takes effect on. */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('entitlement_ledger_seq').on(t.entitlementId, t.seq),
    index('entitlement_ledger_member').on(t.memberId, t.createdAt),
    index('entitlement_ledger_ref').on(t.refType, t.refId).where(sql`${t.refId} is not null`),
    check(
      'entitlement_ledger_kind',
      sql`${t.kind} in ('grant','activate','use','return','freeze','unfreeze','extend','transfer_out','transfer_in','expire','penalty','adjust','refund','hold','release')`,
    ),
    tenantKey('entitlement_ledger_org_entitlement_fk', t, t.entitlementId, entitlements),
    tenantKey('entitlement_ledger_org_member_fk', t, t.memberId, members),
    tenantKey('entitlement_ledger_org_staff_fk', t, t.staffId, users),
    tenantTarget('entitlement_ledger_org_id', t),
  ],
);

/**
 * The fold of an entitlement's ledger rows, written with each row (the row that was folded last is
 * `lastSeq`): what the door, the bookings and the member file read. Never written otherwise.
 */
export const entitlementState = pgTable(
  'entitlement_state',
  {
    entitlementId: uuid('entitlement_id')
      .primaryKey()
      .references(() => entitlements.id),
    organisationId: organisationId(),
    memberId: reference('member_id', () => members.id),
    /** `pending` (not started), `active`, `transferred`, `refunded`, `expired` (an expiry row). Dates decide the rest. */
    phase: text('phase').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    /** Packages: credits granted and left; null for memberships. */
    creditsGranted: integer('credits_granted'),
    creditsLeft: integer('credits_left'),
    /** Of the credits left, those held by booked PT sessions. */
    creditsHeld: integer('credits_held').notNull().default(0),
    /** The last freeze's first and last day; `frozen` while it has not been ended by an unfreeze. */
    frozenFrom: date('frozen_from', { mode: 'string' }),
    frozenUntil: date('frozen_until', { mode: 'string' }),
    frozen: boolean('frozen').notNull().default(false),
    freezes: integer('freezes').notNull().default(0),
    frozenDays: integer('frozen_days').notNull().default(0),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [
    index('entitlement_state_member').on(t.memberId),
    check('entitlement_state_credits', sql`${t.creditsLeft} is null or ${t.creditsLeft} >= 0`),
    check('entitlement_state_held', sql`${t.creditsHeld} >= 0 and ${t.creditsHeld} <= coalesce(${t.creditsLeft}, 0)`),
    tenantKey('entitlement_state_org_entitlement_fk', t, t.entitlementId, entitlements),
    tenantKey('entitlement_state_org_member_fk', t, t.memberId, members),
  ],
);
