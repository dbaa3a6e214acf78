import type { outboxPageSchema } from '@gym/contract/outbox';
import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import { outboxEmails } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/** A page of the e-mail outbox of the caller's organisation, newest first. */
export async function listOutbox(
  { db }: { db: TenantDb },
  q: { page: number; pageSize: number },
): Promise<z.infer<typeof outboxPageSchema>> {
  const { page, pageSize } = q;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(outboxEmails)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.count(outboxEmails),
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
    total,
    page,
    pageSize,
  };
}
