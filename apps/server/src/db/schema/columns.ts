/**
 * The shapes every table repeats: its id, its times, money, references, and the composite keys that
 * keep a reference inside its organisation. Each table then says only what is its own. They write
 * exactly the columns and constraints the tables wrote before (`npm run db:generate` finds no change).
 * The organisation's own column is `organisationId()` in `tenancy.ts`, beside the table it names.
 */
import {
  type AnyPgColumn,
  bigint,
  date,
  foreignKey,
  integer,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/** The row's id: a random UUID. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A moment, with its time zone. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/**
 * A slot of the timetable (a class, a PT session): the centre's business date and wall-clock start
 * as planned, its length, and the instants it runs between.
 */
export const timetableSlot = () => ({
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  startTime: text('start_time').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  startsAt: instant('starts_at').notNull(),
  endsAt: instant('ends_at').notNull(),
});

/** An amount of money: integer minor units (`bigint`, read as a number: every amount stays below 2^53). */
export const money = (name: string) => bigint(name, { mode: 'number' });

/** A required reference to another table's id. */
export const reference = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target);
/** An optional reference to another table's id. */
export const optionalReference = (name: string, target: () => AnyPgColumn) => uuid(name).references(target);

interface TenantColumns {
  organisationId: AnyPgColumn;
}
interface TenantRow extends TenantColumns {
  id: AnyPgColumn;
}

/** `(organisation_id, id)`: the target of the tenant keys pointing at the table. */
export const tenantTarget = (name: string, t: TenantRow) => unique(name).on(t.organisationId, t.id);

/**
 * `(organisation_id, column)` references the target's `(organisation_id, id)`: the database refuses a
 * reference to another organisation's row (`test/tenant-keys.test.ts`).
 */
export const tenantKey = (name: string, t: TenantColumns, column: AnyPgColumn, target: TenantRow) =>
  foreignKey({ name, columns: [t.organisationId, column], foreignColumns: [target.organisationId, target.id] });
