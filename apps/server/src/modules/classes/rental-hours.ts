/**
 * Rental classes: an outside teacher (a member who bought a rental package) rents the room. Each
 * rental class takes `rentalHoursOf(duration)` hours off the renter's rental packages (usage
 * `rental`, held at the class's centre, active on the class's date), the package that ends first
 * first, as `use` ledger rows naming the class (`refType 'class'`, `refId` the class). Cancelling
 * gives them back (`return` rows); an edit that changes what a class takes gives back and takes
 * again, in the command's transaction. The renter's package states are locked in one order (by
 * id) before anything is read from them, so parallel commands of one renter never overdraw.
 */
import { CLASS_CODES, rentalHoursOf } from '@gym/contract/classes';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { classes, entitlementLedger, entitlements, members } from '../../db/schema/index.ts';
import { AppError, notFoundAt } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { appendLedger, type EntitlementState, lockState, type NewLedgerRow, statusOn } from '../entitlements/index.ts';

const RENTAL_REF = 'class';

/** The renter named by a rental class: a member of the caller's organisation (not merged, not erased). */
export async function checkRenter(ctx: UseCaseContext, memberId: string) {
  // A member of any centre of the organisation may rent a room here.
  const [member] = await ctx.db.wholeOrganisation
    .select({ id: members.id, mergedInto: members.mergedInto, erasedAt: members.erasedAt })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member || member.mergedInto || member.erasedAt) {
    throw notFoundAt('renterMemberId', 'Member');
  }
  return member;
}

interface LockedPackage {
  id: string;
  memberId: string;
  allCenters: boolean;
  centerIds: string[];
  state: EntitlementState;
}

/** Locks the state rows of every rental package of these members, in id order (one order for every command). */
async function lockRentalPackages(ctx: UseCaseContext, memberIds: readonly string[]): Promise<LockedPackage[]> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return [];
  const rows = await ctx.db.wholeOrganisation
    .select({
      id: entitlements.id,
      memberId: entitlements.memberId,
      allCenters: entitlements.allCenters,
      centerIds: entitlements.centerIds,
    })
    .from(entitlements)
    .where(and(inArray(entitlements.memberId, ids), eq(entitlements.kind, 'package'), eq(entitlements.usage, 'rental')))
    .orderBy(asc(entitlements.id));
  const locked: LockedPackage[] = [];
  for (const row of rows) {
    const state = await lockState(ctx, { entitlementId: row.id });
    if (state) locked.push({ ...row, state });
  }
  return locked;
}

interface RentalClass {
  id: string;
  centerId: string;
  businessDate: string;
  durationMinutes: number;
  renterMemberId: string;
}

/**
 * Takes the hours of the rental classes `rented` (date order) off their renters' packages locked in
 * `packages`, updating their states in place. Refuses on `renterMemberId` (`rental_hours_short`,
 * with the hours needed and left) when a class finds too few; the command's transaction then
 * writes nothing.
 */
async function takeHours(
  ctx: UseCaseContext,
  { rented, packages }: { rented: RentalClass[]; packages: LockedPackage[] },
): Promise<void> {
  const rows = new Map<string, NewLedgerRow[]>();
  const left = new Map(packages.map((p) => [p.id, p.state.creditsLeft ?? 0]));
  const end = (p: LockedPackage) => p.state.validUntil ?? '9999-12-31';
  const sorted = [...rented].sort((a, b) => a.businessDate.localeCompare(b.businessDate) || a.id.localeCompare(b.id));
  for (const cls of sorted) {
    const usable = packages
      .filter(
        (p) =>
          p.memberId === cls.renterMemberId &&
          (p.allCenters || p.centerIds.includes(cls.centerId)) &&
          statusOn({ ...p.state, creditsLeft: left.get(p.id)! }, cls.businessDate) === 'active',
      )
      .sort((a, b) => end(a).localeCompare(end(b)) || a.id.localeCompare(b.id));
    let needed = rentalHoursOf(cls.durationMinutes);
    const available = usable.reduce((sum, p) => sum + left.get(p.id)!, 0);
    if (available < needed) {
      const total = sorted
        .filter((c) => c.renterMemberId === cls.renterMemberId)
        .reduce((sum, c) => sum + rentalHoursOf(c.durationMinutes), 0);
      const leftOfRenter = packages
        .filter(
          (p) =>
            p.memberId === cls.renterMemberId &&
            (p.allCenters || p.centerIds.includes(cls.centerId)) &&
            statusOn(p.state, sorted[0]!.businessDate) === 'active',
        )
        .reduce((sum, p) => sum + (p.state.creditsLeft ?? 0), 0);
      throw new AppError(
        422,
        'business_rule',
        `The renter's rental packages have ${leftOfRenter} hours left; ${total} are needed`,
        [
          {
            path: 'renterMemberId',
            code: CLASS_CODES.rentalHoursShort,
            message: `The renter's rental packages have ${leftOfRenter} hours left; ${total} are needed`,
          },
        ],
        undefined,
        { needed: total, left: leftOfRenter, date: cls.businessDate },
      );
    }
    for (const p of usable) {
      if (needed === 0) break;
      const take = Math.min(needed, left.get(p.id)!);
      if (take <= 0) continue;
      needed -= take;
      left.set(p.id, left.get(p.id)! - take);
      const list = rows.get(p.id) ?? [];
      list.push({
        kind: 'use',
        creditsDelta: -take,
        refType: RENTAL_REF,
        refId: cls.id,
        effectiveOn: cls.businessDate,
      });
      rows.set(p.id, list);
    }
  }
  for (const p of packages) {
    const list = rows.get(p.id);
    if (list)
      p.state = await appendLedger(ctx, { entitlementId: p.id, memberId: p.memberId, rows: list, locked: p.state });
  }
}

/** Hours each package still holds taken for each of `classIds` (uses minus returns), read from the ledger. */
async function hoursHeld(ctx: UseCaseContext, classIds: readonly string[]) {
  if (classIds.length === 0) return [];
  const rows = await ctx.db.wholeOrganisation
    .select({
      entitlementId: entitlementLedger.entitlementId,
      memberId: entitlementLedger.memberId,
      classId: entitlementLedger.refId,
      held: sql<number>`(-sum(${entitlementLedger.creditsDelta}))::int`,
      /** The class's business date, as its `use` rows say. */
      effectiveOn: sql<string>`min(${entitlementLedger.effectiveOn})::text`,
    })
    .from(entitlementLedger)
    .where(and(eq(entitlementLedger.refType, RENTAL_REF), inArray(entitlementLedger.refId, [...classIds])))
    .groupBy(entitlementLedger.entitlementId, entitlementLedger.memberId, entitlementLedger.refId);
  return rows.map((r) => ({ ...r, classId: r.classId!, held: Number(r.held) })).filter((r) => r.held > 0);
}

/** Gives back what the classes hold; answers the hours returned. */
async function returnHours(
  ctx: UseCaseContext,
  {
    held,
    packages,
    reason,
  }: { held: Awaited<ReturnType<typeof hoursHeld>>; packages: LockedPackage[]; reason: string },
): Promise<number> {
  let returned = 0;
  for (const p of packages) {
    const mine = held.filter((h) => h.entitlementId === p.id);
    if (mine.length === 0) continue;
    p.state = await appendLedger(ctx, {
      entitlementId: p.id,
      memberId: p.memberId,
      rows: mine.map((h) => ({
        kind: 'return' as const,
        creditsDelta: h.held,
        refType: RENTAL_REF,
        refId: h.classId,
        reason,
        effectiveOn: h.effectiveOn,
      })),
      locked: p.state,
    });
    returned += mine.reduce((sum, h) => sum + h.held, 0);
  }
  return returned;
}

/** Rental classes among `classIds` as they stand now (scheduled, with a renter). */
async function rentalClasses(ctx: UseCaseContext, classIds: readonly string[]): Promise<RentalClass[]> {
  if (classIds.length === 0) return [];
  const rows = await ctx.db
    .select({
      id: classes.id,
      centerId: classes.centerId,
      businessDate: classes.businessDate,
      durationMinutes: classes.durationMinutes,
      renterMemberId: classes.renterMemberId,
    })
    .from(classes)
    .where(and(inArray(classes.id, [...classIds]), eq(classes.status, 'scheduled'), eq(classes.mode, 'rental')));
  return rows.filter((r): r is RentalClass => r.renterMemberId !== null);
}

/** New rental classes take their hours (create, timetable additions of a series). */
export async function takeRentalHours(ctx: UseCaseContext, classIds: readonly string[]): Promise<void> {
  const rented = await rentalClasses(ctx, classIds);
  if (rented.length === 0) return;
  const packages = await lockRentalPackages(
    ctx,
    rented.map((c) => c.renterMemberId),
  );
  await takeHours(ctx, { rented, packages });
}

/** Cancelled (or deleted) classes give back the hours they took. Answers the hours returned. */
export async function returnRentalHours(
  ctx: UseCaseContext,
  { classIds, reason }: { classIds: readonly string[]; reason: string },
): Promise<number> {
  const held = await hoursHeld(ctx, classIds);
  if (held.length === 0) return 0;
  const packages = await lockRentalPackages(
    ctx,
    held.map((h) => h.memberId),
  );
  return returnHours(ctx, { held, packages, reason });
}

/**
 * After an edit of `classIds` (and of the classes a new rule deleted, `dropped`): what they held
 * comes back and the classes that are rental now take their hours again, under one lock of every
 * package concerned (the old renters' and the new).
 */
export async function resettleRentalHours(
  ctx: UseCaseContext,
  { classIds, dropped = [] }: { classIds: readonly string[]; dropped?: readonly string[] },
): Promise<void> {
  const held = await hoursHeld(ctx, [...classIds, ...dropped]);
  const rented = await rentalClasses(ctx, classIds);
  if (held.length === 0 && rented.length === 0) return;
  const packages = await lockRentalPackages(ctx, [
    ...held.map((h) => h.memberId),
    ...rented.map((c) => c.renterMemberId),
  ]);
  await returnHours(ctx, { held, packages, reason: 'Class changed' });
  await takeHours(ctx, { rented, packages });
}

/** Whether an edit's fields change the hours a class takes. */
export const changesRentalHours = (input: {
  mode?: unknown;
  renterMemberId?: unknown;
  durationMinutes?: unknown;
  date?: unknown;
  recurrence?: unknown;
}) =>
  input.mode !== undefined ||
  input.renterMemberId !== undefined ||
  input.durationMinutes !== undefined ||
  input.date !== undefined ||
  input.recurrence !== undefined;
