import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './tenancy.ts';

/** Every e-mail the product sends is written here first (and relayed by SMTP when configured). */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('outbox_org_created').on(t.organisationId, t.createdAt)],
);
