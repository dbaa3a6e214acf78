import { type Guardian, guardianRule } from '@gym/contract/members';
import { searchTextOf } from '@gym/contract/search';
import { eq, inArray } from 'drizzle-orm';
import { centers, memberGroupMembers, memberGroups, members } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFoundAt } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { allocateMemberCodes } from './member-code.ts';
import type { MemberRow } from './member-detail.ts';
import { storedPhone } from './phone-normal.ts';
import { phoneDigits } from './search-text.ts';

export type NewMember = Omit<typeof members.$inferInsert, 'id' | 'code' | 'searchText' | 'phoneDigits'> & {
  /** A code staff chose; empty to generate one from the organisation's pattern. */
  code?: string | null;
  /** The home centre's code, for patterns that carry `{CENTER}`. */
  centerCode: string;
  /** Card numbers the member will hold, for the search text. */
  cardNumbers?: string[];
};

/** What writing a member needs: the scoped database and the clock (a generated code may carry the date). */
export interface MemberWriter {
  db: TenantDb;
  clock: Clock;
}

/** Inserts one member with its generated code, phone digits and search text. Call inside the command's transaction. */
export async function insertMember(ctx: MemberWriter, input: NewMember): Promise<MemberRow> {
  const { db } = ctx;
  const { centerCode, cardNumbers, code: chosen, ...typed } = input;
  const fields = { ...typed, phone: await storedPhone(db, { homeCenterId: typed.homeCenterId, phone: typed.phone }) };
  // A code is unique in the whole organisation, whichever centres the caller works in.
  const isTaken = async (code: string) =>
    (await db.wholeOrganisation.select({ id: members.id }).from(members).where(eq(members.code, code))).length > 0;
  let code = chosen?.trim();
  if (code) {
    if (await isTaken(code)) throw codeTaken();
  } else {
    // A code staff once chose by hand (or an imported one) may already hold the next number: skip it.
    for (let attempt = 0; attempt < 20; attempt++) {
      [code] = await allocateMemberCodes(db, { centerCodes: [centerCode], now: ctx.clock.now() });
      if (!(await isTaken(code!))) break;
    }
  }
  const searchText = searchTextOf({
    code: code!,
    firstName: fields.firstName,
    lastName: fields.lastName,
    chineseName: fields.chineseName,
    phone: fields.phone,
    email: fields.email,
    cardNumbers,
  });
  try {
    const [row] = await db
      .insert(members)
      .values({ ...fields, code: code!, phoneDigits: phoneDigits(fields.phone), searchText })
      .returning();
    return row!;
  } catch (err) {
    // Two desks choosing the same code at once: the unique index decides.
    if (isUniqueViolation(err, 'members_org_code')) throw codeTaken();
    throw err;
  }
}

const codeTaken = () =>
  new AppError(409, 'code_taken', 'This member code is already in use', [
    { path: 'code', code: 'code_taken', message: 'This member code is already in use' },
  ]);

/** The centre a member may call home, for this caller: the one centre rule (`lib/tenant-db.ts`). */
export const usableHomeCenter = (db: TenantDb, id: string) => db.usableCenter(id, 'homeCenterId');

/** Checks that every group belongs to the organisation (404 naming `groupIds` otherwise). */
export async function checkGroups(db: TenantDb, groupIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) return [];
  const found = await db.wholeOrganisation
    .select({ id: memberGroups.id })
    .from(memberGroups)
    .where(inArray(memberGroups.id, unique));
  if (found.length !== unique.length) {
    throw notFoundAt('groupIds', 'Group');
  }
  return unique;
}

/** Makes the member's groups exactly `groupIds` (already checked). */
export async function setGroups(
  db: TenantDb,
  { memberId, groupIds }: { memberId: string; groupIds: readonly string[] },
) {
  await db.wholeOrganisation.delete(memberGroupMembers).where(eq(memberGroupMembers.memberId, memberId));
  if (groupIds.length > 0) {
    await db
      .insert(memberGroupMembers)
      .values(groupIds.map((groupId) => ({ groupId, memberId, organisationId: db.auth.organisationId })))
      .onConflictDoNothing();
  }
}

/**
 * The guardian rule on the member as it will be (a patch may carry only one side), against the
 * home centre's business date: under 18 on the centre's today needs a guardian; 400 naming the field.
 */
export function checkGuardian(member: { birthday?: string | null; guardian?: Guardian | null }, today: string): void {
  const issues: { path: string; code: string; message: string }[] = [];
  guardianRule(
    member,
    {
      addIssue: (issue) => {
        const found = typeof issue === 'string' ? issue : (issue.message ?? 'invalid');
        const path = typeof issue === 'string' ? '' : (issue.path ?? []).join('.');
        issues.push({ path, code: found, message: found });
      },
    },
    today,
  );
  if (issues.length > 0) {
    throw new AppError(400, 'validation_failed', `Invalid body: ${issues.map((i) => i.path).join(', ')}`, issues);
  }
}

/** The time zone of a member's stored home centre (of the caller's organisation), for its business date. */
export async function homeTimeZone(db: TenantDb, centerId: string): Promise<string> {
  const [center] = await db.wholeOrganisation
    .select({ timeZone: centers.timeZone })
    .from(centers)
    .where(eq(centers.id, centerId));
  if (!center) throw new AppError(404, 'not_found', 'Centre not found');
  return center.timeZone;
}
