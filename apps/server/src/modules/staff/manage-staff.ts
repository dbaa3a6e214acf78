import type { createStaffRequestSchema, Staff, updateStaffRequestSchema } from '@gym/contract/staff';
import { and, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { userCenters, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { scoped } from '../../lib/scope.ts';
import { enqueueEmailChangedNotice } from './email-changed.ts';
import { enqueueInvitation } from './invitation.ts';
import { findStaff, getStaff } from './queries.ts';
import { assertMayGiveCenters, assertMayGiveRole, assertMayManage, assertNotSelf } from './rules.ts';

/** One transaction per command; e-mail addresses are unique in the whole deployment (sign-in is by e-mail). */
export async function staffCommand<T>(deps: AppDeps, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await deps.database.db.transaction(work);
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) {
      throw conflict('email_taken', 'This e-mail address already belongs to an account', 'email');
    }
    throw err;
  }
}

/** The organisation keeps one active administrator, whoever else is deactivated or demoted. */
export async function assertAnotherActiveAdmin(tx: Tx, auth: AuthContext, targetId: string) {
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      scoped(
        auth,
        { organisationId: users.organisationId },
        eq(users.role, 'admin'),
        eq(users.active, true),
        ne(users.id, targetId),
      ),
    );
  if ((others?.n ?? 0) === 0) {
    throw new AppError(422, 'business_rule', 'The organisation must keep an active administrator');
  }
}

async function replaceCenters(tx: Tx, auth: AuthContext, userId: string, centerIds: string[]) {
  await tx
    .delete(userCenters)
    .where(and(eq(userCenters.userId, userId), eq(userCenters.organisationId, auth.organisationId)));
  if (centerIds.length > 0) {
    await tx
      .insert(userCenters)
      .values(centerIds.map((centerId) => ({ userId, centerId, organisationId: auth.organisationId })));
  }
}

/**
 * Adds a staff member. The account has no password until the person chooses one through the
 * invitation link (sign-in refuses it meanwhile). A trainer by role is always bookable as one.
 */
export async function createStaff(
  deps: AppDeps,
  auth: AuthContext,
  input: z.infer<typeof createStaffRequestSchema>,
): Promise<Staff> {
  const { staff, mailId } = await staffCommand(deps, async (tx) => {
    assertMayGiveRole(auth, input.role);
    const centerIds = await assertMayGiveCenters(tx, auth, input.allCenters, input.centerIds);
    const [row] = await tx
      .insert(users)
      .values({
        organisationId: auth.organisationId,
        email: input.email,
        fullName: input.fullName,
        phone: input.phone ?? null,
        role: input.role,
        isTrainer: input.isTrainer || input.role === 'trainer',
        allCenters: input.allCenters,
        language: input.language,
        passwordHash: null,
      })
      .returning();
    const user = row!;
    await replaceCenters(tx, auth, user.id, centerIds);
    const mailId = input.sendInvite ? await enqueueInvitation(deps, tx, user) : null;
    return { staff: await getStaff(tx, auth, user.id), mailId };
  });
  if (mailId) await deps.mailer.flush(mailId);
  return staff;
}

/**
 * Changes a staff member's profile, role or centres. Role and centres take effect at their next
 * request (every request reads them). Nobody changes their own role.
 */
export async function updateStaff(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  input: z.infer<typeof updateStaffRequestSchema>,
): Promise<Staff> {
  let mailId: string | null = null;
  const staff = await staffCommand(deps, async (tx) => {
    const target = await findStaff(tx, auth, id, true);
    assertMayManage(auth, target);
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.role !== undefined && input.role !== target.role) {
      assertNotSelf(auth, id, 'role', 'You cannot change your own role');
      assertMayGiveRole(auth, input.role);
      if (target.role === 'admin' && target.active) await assertAnotherActiveAdmin(tx, auth, id);
      set.role = input.role;
      if (input.role === 'trainer') set.isTrainer = true;
    }
    if (input.allCenters !== undefined || input.centerIds !== undefined) {
      const allCenters = input.allCenters ?? target.allCenters;
      const centerIds = await assertMayGiveCenters(tx, auth, allCenters, input.centerIds ?? target.centerIds);
      set.allCenters = allCenters;
      await replaceCenters(tx, auth, id, centerIds);
    }
    // Role and centres are what a session carries: every server forgets this user's sessions on commit.
    if (set.role !== undefined || set.allCenters !== undefined) await deps.sessions.changed(tx, { users: [id] });
    else if (input.fullName !== undefined || input.email !== undefined || input.language !== undefined)
      await deps.sessions.changed(tx, { profiles: [id] });
    if (input.fullName !== undefined) set.fullName = input.fullName;
    if (input.email !== undefined) set.email = input.email;
    if (input.phone !== undefined) set.phone = input.phone;
    if (input.language !== undefined) set.language = input.language;
    if (input.isTrainer !== undefined) set.isTrainer = input.isTrainer || (set.role ?? target.role) === 'trainer';
    await tx
      .update(users)
      .set(set)
      .where(scoped(auth, { organisationId: users.organisationId }, eq(users.id, id)));
    if (set.email !== undefined && set.email !== target.email) {
      mailId = await enqueueEmailChangedNotice(deps, tx, auth, target, set.email);
    }
    const updated = await getStaff(tx, auth, id);
    await audit(tx, auth, null, {
      action: updated.role !== target.role ? 'staff.role_changed' : 'staff.access_changed',
      entityType: 'staff',
      entityId: id,
      summary: `Role, centres or e-mail of ${updated.fullName} changed`,
      before: target,
      after: updated,
      fields: STAFF_AUDITED_FIELDS,
    });
    return updated;
  });
  if (mailId) await deps.mailer.flush(mailId);
  return staff;
}

/** What an audit row records of a staff change: what decides access, and the sign-in address. */
const STAFF_AUDITED_FIELDS = ['role', 'allCenters', 'centerIds', 'isTrainer', 'email'] as const;
