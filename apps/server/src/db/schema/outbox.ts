import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { tenantRow } from './tenancy.ts';

/** Every e-mail the product sends is written here first (and relayed by SMTP when configured). */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    ...tenantRow(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    error: text('error'),
  },
  (t) => [index('outbox_org_created').on(t.organisationId, t.createdAt)],
);
