import { outboxPageSchema } from '@gym/contract/outbox';
import { listQuerySchema } from '@gym/contract/pagination';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEmails } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { scoped } from '../../lib/scope.ts';

/** The e-mail outbox of the caller's organisation (in development, the only place mail goes). */
export function outboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/outbox',
      {
        config: { access: can('read', 'Outbox') },
        schema: {
          tags: ['outbox'],
          querystring: listQuerySchema.pick({ page: true, pageSize: true }),
          response: { 200: outboxPageSchema },
        },
      },
      async (req) => {
        const { db } = deps.database;
        const { page, pageSize } = req.query;
        const where = scoped(req.auth!, outboxEmails);
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
      },
    );
  };
}
