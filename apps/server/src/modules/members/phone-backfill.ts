import { normalisePhone } from '@gym/contract/phone';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { centers, members } from '../../db/schema/index.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import { phoneDigits, refreshSearchText } from './search-text.ts';

const BATCH = 500;

/**
 * Members stored before phones were normalised (`6123 9876`), or written by a path that does not
 * normalise (an import, the demo seed), get the E.164 form of their home centre's country. Runs at
 * start-up after the migrations: it uses the same normaliser as the API (a SQL migration would
 * need a second copy of the numbering rules) and is idempotent, so a crash half-way is finished at
 * the next start. Rows whose centre has no country are left as they are. Batches of 500, each in
 * its own transaction, ordered by id so a restart goes on where it stopped.
 */
export async function backfillMemberPhones(db: Db): Promise<number> {
  let changed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({
        id: members.id,
        organisationId: members.organisationId,
        phone: members.phone,
        country: centers.country,
      })
      .from(members)
      .innerJoin(centers, eq(centers.id, members.homeCenterId))
      .where(
        and(
          gt(members.id, after),
          isNotNull(members.phone),
          isNull(members.erasedAt),
          isNotNull(centers.country),
          sql`${members.phone} !~ '^\\+[0-9]+$'`,
        ),
      )
      .orderBy(members.id)
      .limit(BATCH);
    if (rows.length === 0) return changed;
    await db.transaction(async (tx) => {
      for (const r of rows) {
        const phone = normalisePhone(r.phone, r.country);
        if (phone === r.phone) continue;
        await tx
          .update(members)
          .set({ phone, phoneDigits: phoneDigits(phone) })
          .where(eq(members.id, r.id));
        await refreshSearchText(tenantDb(tx, { organisationId: r.organisationId, centerIds: null }), r.id);
        changed++;
      }
    });
    after = rows[rows.length - 1]!.id;
  }
}
