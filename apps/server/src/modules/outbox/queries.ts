import type { outboxPageSchema } from '@gym/contract/outbox';
import { count, desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { scopeOf } from '../../lib/tenant-db.ts';

/** A page of the e-mail outbox of the caller's organisation, newest first. */
export async function listOutbox(
  db: DbOrTx,
  auth: Pick<AuthContext, 'organisationId' | 'centerIds'>,
  q: { page: number; pageSize: number },
): Promise<z.infer<typeof outboxPageSchema>> {
  const { page, pageSize } = q;
  const where = scopeOf(auth, outboxEmails);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboxEmails)
      .where(where)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(outboxEmails).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
