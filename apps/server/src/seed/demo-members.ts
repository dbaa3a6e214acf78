import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { centers, memberGroupMembers, memberGroups } from '../db/schema/index.ts';
import { type GeneratedMember, generateMembers, insertGeneratedMembers, seededRandom } from './member-generator.ts';

/** Members the demo always has, whatever the generator does (e2e tests and the docs use them). */
export const DEMO_MEMBER_COUNT = 320;
export const DEMO_FIXED_MEMBER = {
  firstName: 'Tai Man',
  lastName: 'Chan',
  chineseName: '陳大文',
  phone: '91234567',
  cardNumber: '0001234567',
  centerCode: 'CWB',
} as const;

const DEMO_SEED = 20_240_813;
const GROUPS = [
  { name: 'Morning regulars', description: 'Train before work, 6:30 to 9:00', color: '#28c76f' },
  { name: 'Corporate plan', description: 'Members on a company plan', color: '#00cfe8' },
  { name: 'Personal training', description: 'Members with a PT package', color: '#ff9f43' },
  { name: 'Students', description: 'Student discount, ID checked yearly', color: '#7367f0' },
];

/**
 * The demo organisation's members: 陳大文 (Chan Tai Man) first, then generated people across both
 * centres, with cards for most and a few groups. Runs inside the demo seed's transaction, with bulk
 * inserts, because it runs at every first start.
 */
export async function seedDemoMembers(tx: DbOrTx, organisationId: string): Promise<void> {
  const centerRows = await tx
    .select({ id: centers.id, code: centers.code })
    .from(centers)
    .where(eq(centers.organisationId, organisationId));
  const cwb = centerRows.find((c) => c.code === DEMO_FIXED_MEMBER.centerCode) ?? centerRows[0]!;
  const now = new Date();
  const chan: GeneratedMember = {
    firstName: DEMO_FIXED_MEMBER.firstName,
    lastName: DEMO_FIXED_MEMBER.lastName,
    chineseName: DEMO_FIXED_MEMBER.chineseName,
    gender: 'male',
    birthday: '1988-08-13',
    phone: DEMO_FIXED_MEMBER.phone,
    email: 'taiman.chan@example.com',
    address: 'Flat B, 12/F, Sun Hing Building, 88 Hennessy Road, Causeway Bay',
    emergencyContactName: 'Wong Mei Ling',
    emergencyContactPhone: '98765432',
    homeCenter: cwb,
    status: 'active',
    source: 'walk_in',
    isNew: false,
    marketingConsent: true,
    language: 'zh-Hant',
    notes: null,
    cardNumber: DEMO_FIXED_MEMBER.cardNumber,
    createdAt: new Date(now.getTime() - 400 * 86_400_000),
  };
  const people = [chan, ...generateMembers(DEMO_MEMBER_COUNT - 1, { seed: DEMO_SEED, centers: centerRows, now })];
  const ids = await insertGeneratedMembers(tx, organisationId, people);

  const groups = await tx
    .insert(memberGroups)
    .values(GROUPS.map((g) => ({ ...g, organisationId })))
    .returning({ id: memberGroups.id });
  const random = seededRandom(DEMO_SEED + 1);
  const links = ids.flatMap((memberId) =>
    groups.filter(() => random() < 0.15).map((g) => ({ groupId: g.id, memberId, organisationId })),
  );
  if (links.length > 0) await tx.insert(memberGroupMembers).values(links);
}
