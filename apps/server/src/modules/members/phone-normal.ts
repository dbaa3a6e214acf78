import { normalisePhone } from '@gym/contract/phone';
import { eq } from 'drizzle-orm';
import { centers } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/** The country a centre's phone numbers default to (null when the centre has none set). */
export async function centerCountry(db: TenantDb, centerId: string): Promise<string | null> {
  const [row] = await db.wholeOrganisation
    .select({ country: centers.country })
    .from(centers)
    .where(eq(centers.id, centerId));
  return row?.country ?? null;
}

/** A typed phone in its stored form (E.164 with the home centre's country as default). */
export async function storedPhone(
  db: TenantDb,
  { homeCenterId, phone }: { homeCenterId: string; phone: string | null | undefined },
): Promise<string | null> {
  if (!phone) return phone ?? null;
  return normalisePhone(phone, await centerCountry(db, homeCenterId));
}
