import { normalisePhone } from '@gym/contract/phone';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { centers } from '../../db/schema/index.ts';

/** The country a centre's phone numbers default to (null when the centre has none set). */
export async function centerCountry(tx: DbOrTx, centerId: string): Promise<string | null> {
  const [row] = await tx.select({ country: centers.country }).from(centers).where(eq(centers.id, centerId));
  return row?.country ?? null;
}

/** A typed phone in its stored form (E.164 with the home centre's country as default). */
export async function storedPhone(
  tx: DbOrTx,
  homeCenterId: string,
  phone: string | null | undefined,
): Promise<string | null> {
  if (!phone) return phone ?? null;
  return normalisePhone(phone, await centerCountry(tx, homeCenterId));
}
