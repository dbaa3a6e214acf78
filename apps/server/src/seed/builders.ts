import type { Role } from '@gym/contract/acl';
import type { CurrencyCode } from '@gym/contract/currency';
import type { DbOrTx } from '../db/client.ts';
import { centers, organisations, userCenters, users } from '../db/schema/index.ts';

/** Small builders shared by the demo seed and the tests (one row each, sensible defaults). */
/** An organisation's money, named when it is created (there is no default currency). */
export interface OrganisationMoney {
  currencyCode: CurrencyCode;
  currencySymbol: string;
}

export async function buildOrganisation(db: DbOrTx, input: { name: string; initial: string } & OrganisationMoney) {
  const { currencyCode, currencySymbol, ...org } = input;
  const [row] = await db
    .insert(organisations)
    .values({ ...org, settings: { currencyCode, currencySymbol } })
    .returning();
  return row!;
}

export async function buildCenter(
  db: DbOrTx,
  input: {
    organisationId: string;
    code: string;
    name: string;
    timeZone?: string;
    country?: string | null;
  } & OrganisationMoney,
) {
  const [row] = await db
    .insert(centers)
    .values({ timeZone: 'Asia/Hong_Kong', country: 'HK', ...input })
    .returning();
  return row!;
}

export async function buildUser(
  db: DbOrTx,
  input: {
    organisationId: string;
    email: string;
    fullName: string;
    role: Role;
    passwordHash: string;
    centerIds?: string[];
    active?: boolean;
    language?: string;
    isTrainer?: boolean;
  },
) {
  const { centerIds, ...rest } = input;
  const [row] = await db
    .insert(users)
    .values({ ...rest, email: rest.email.toLowerCase(), allCenters: !centerIds })
    .returning();
  if (centerIds?.length) {
    await db
      .insert(userCenters)
      .values(centerIds.map((centerId) => ({ userId: row!.id, centerId, organisationId: input.organisationId })));
  }
  return row!;
}
