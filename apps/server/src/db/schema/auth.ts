import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, tenantKey } from './columns.ts';
import { organisationId, users } from './tenancy.ts';

/** Opaque refresh tokens, stored as SHA-256 hashes; one family per sign-in, rotated on each use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: organisationId(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    rotatedAt: instant('rotated_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('refresh_tokens_family').on(t.familyId),
    index('refresh_tokens_user').on(t.userId),
    tenantKey('refresh_tokens_org_user_fk', t, t.userId, users).onDelete('cascade'),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: organisationId(),
    tokenHash: text('token_hash').notNull().unique(),
    /** `reset`: forgot-password link; `invite`: a new staff member's first password. */
    purpose: text('purpose').notNull().default('reset'),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [tenantKey('password_reset_tokens_org_user_fk', t, t.userId, users).onDelete('cascade')],
);

/** Failed sign-in counters per account (`email:`) and per address (`ip:`), shared by every API server. */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: instant('window_started_at').notNull().defaultNow(),
  lockedUntil: instant('locked_until'),
});
