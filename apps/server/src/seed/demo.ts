import { DEMO_INITIAL, DEMO_PASSWORD, DEMO_READER_SECRET, DEMO_READERS, DEMO_USERS } from '@gym/contract/demo';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organisations, readers, rooms } from '../db/schema/index.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import { hashToken } from '../lib/tokens.ts';
import { buildCenter, buildOrganisation, buildUser } from './builders.ts';
import { seedDemoAgreements } from './demo-agreements.ts';
import { seedDemoClasses } from './demo-classes.ts';
import { seedDemoCourse } from './demo-course.ts';
import { seedDemoEntries } from './demo-entries.ts';
import { seedDemoExpenditures } from './demo-expenditures.ts';
import { seedDemoMembers } from './demo-members.ts';
import { seedDemoPt } from './demo-pt.ts';
import { seedDemoRental } from './demo-rental.ts';
import { seedDemoSales } from './demo-sales.ts';

const DEMO_ROOMS = [
  { name: 'Studio A', capacity: 30 },
  { name: 'Spin Room', capacity: 20 },
  { name: 'PT Room', capacity: 4 },
] as const;

export async function hasDemo(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.initial, DEMO_INITIAL));
  return Boolean(row);
}

/**
 * The demo organisation "Demo Fitness" (DF): two centres with three rooms each, one user per role
 * (the trainer flagged as a trainer), a card reader at each centre, members, a catalogue and a year
 * of sales, a door's days and a class timetable with bookings. Runs once.
 */
export async function seedDemo(db: Db, hasher: PasswordHasher): Promise<boolean> {
  if (await hasDemo(db)) return false;
  const hashes = await Promise.all(DEMO_USERS.map(() => hasher.hash(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    // The demo centres are in Hong Kong: Hong Kong dollars, shown as HK$.
    const money = { currencyCode: 'HKD', currencySymbol: 'HK$' } as const;
    const org = await buildOrganisation(tx, { name: 'Demo Fitness', initial: DEMO_INITIAL, ...money });
    const centers = [
      await buildCenter(tx, { organisationId: org.id, code: 'CWB', name: 'Causeway Bay', ...money }),
      await buildCenter(tx, { organisationId: org.id, code: 'MK', name: 'Mong Kok', ...money }),
    ];
    // Rooms to book classes into: each centre has a studio, a spin room and a small PT room.
    await tx
      .insert(rooms)
      .values(
        centers.flatMap((c) =>
          DEMO_ROOMS.map((r) => ({ organisationId: org.id, centerId: c.id, name: r.name, capacity: r.capacity })),
        ),
      );
    // The door loop's readers (`npm run reader`), their secret hashed like any reader's.
    await tx.insert(readers).values(
      DEMO_READERS.map((r) => ({
        organisationId: org.id,
        centerId: centers.find((c) => c.code === r.centerCode)!.id,
        name: r.name,
        sn: r.sn,
        secretHash: hashToken(DEMO_READER_SECRET),
      })),
    );
    let accountantId = '';
    for (const [i, u] of DEMO_USERS.entries()) {
      const user = await buildUser(tx, {
        organisationId: org.id,
        ...u,
        passwordHash: hashes[i]!,
        // The demo trainer teaches: listed where a trainer is chosen (classes, personal training).
        isTrainer: u.role === 'trainer',
      });
      if (u.role === 'accountant') accountantId = user.id;
    }
    await seedDemoMembers(tx, org.id);
    await seedDemoSales(tx, org.id);
    await seedDemoExpenditures(tx, org.id, centers, accountantId);
    await seedDemoEntries(tx, org.id);
    await seedDemoClasses(tx, org.id);
    await seedDemoPt(tx, org.id);
    await seedDemoRental(tx, org.id);
    await seedDemoCourse(tx, org.id);
    await seedDemoAgreements(tx, org.id);
  });
  return true;
}
