import { DEMO_INITIAL, DEMO_PASSWORD, DEMO_USERS } from '@gym/contract/demo';
import { eq, sql } from 'drizzle-orm';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { Db } from '../client.ts';
import { organisations } from '../schema/index.ts';
import { buildCenter, buildOrganisation, buildUser } from './builders.ts';
import { seedDemoMembers } from './demo-members.ts';

export async function hasDemo(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.initial, DEMO_INITIAL));
  return Boolean(row);
}

/** The demo organisation "Demo Fitness" (DF): two centres and one user per role. Runs once. */
export async function seedDemo(db: Db, hasher: PasswordHasher): Promise<boolean> {
  if (await hasDemo(db)) return false;
  const hashes = await Promise.all(DEMO_USERS.map(() => hasher.hash(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    const org = await buildOrganisation(tx, { name: 'Demo Fitness', initial: DEMO_INITIAL });
    // The demo centres are in Hong Kong: Hong Kong dollars, shown as HK$.
    const money = { currencyCode: 'HKD', currencySymbol: 'HK$' };
    await tx
      .update(organisations)
      .set({ settings: sql`${organisations.settings} || ${JSON.stringify(money)}::jsonb` })
      .where(eq(organisations.id, org.id));
    await buildCenter(tx, { organisationId: org.id, code: 'CWB', name: 'Causeway Bay', ...money });
    await buildCenter(tx, { organisationId: org.id, code: 'MK', name: 'Mong Kok', ...money });
    for (const [i, u] of DEMO_USERS.entries()) {
      await buildUser(tx, { organisationId: org.id, ...u, passwordHash: hashes[i]! });
    }
    await seedDemoMembers(tx, org.id);
  });
  return true;
}
