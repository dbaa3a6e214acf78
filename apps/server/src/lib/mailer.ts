import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.ts';
import { outboxEmails } from '../db/schema/index.ts';

export interface OutgoingMail {
  organisationId: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * Mail goes to the outbox table inside the caller's transaction (so a rolled-back command sends
 * nothing), then, when SMTP is configured, is relayed after the commit by `flush`.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db }) {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async enqueue(tx: DbOrTx, mail: OutgoingMail): Promise<string> {
      const [row] = await tx.insert(outboxEmails).values(mail).returning({ id: outboxEmails.id });
      return row!.id;
    },
    async flush(id: string): Promise<void> {
      if (!transport) return;
      const [mail] = await opts.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      if (!mail || mail.sentAt) return;
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
        await opts.db.update(outboxEmails).set({ sentAt: new Date(), error: null }).where(eq(outboxEmails.id, id));
      } catch (err) {
        await opts.db
          .update(outboxEmails)
          .set({ error: String((err as Error).message).slice(0, 500) })
          .where(eq(outboxEmails.id, id));
      }
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
