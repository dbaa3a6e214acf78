import type { Staff, updateStaffRequestSchema } from '@gym/contract/staff';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { replaceCenters } from './command.ts';
import { enqueueEmailChangedNotice } from './email-changed.ts';
import { findStaff, getStaff } from './queries.ts';
import {
  assertAnotherActiveAdmin,
  assertMayGiveCenters,
  assertMayGiveRole,
  assertMayManage,
  assertNotSelf,
} from './rules.ts';

export type UpdateStaffInput = z.infer<typeof updateStaffRequestSchema> & { id: string };

/** What an audit row records of a staff change: what decides access, and the sign-in address. */
const STAFF_AUDITED_FIELDS = ['role', 'allCenters', 'centerIds', 'isTrainer', 'email'] as const;

/**
 * Changes a staff member's profile, role or centres. Role and centres take effect at their next
 * request (every request reads them). Nobody changes their own role.
 */
export async function updateStaff(ctx: UseCaseContext, input: UpdateStaffInput): Promise<Staff> {
  const { auth } = ctx;
  const { id } = input;
  const target = await findStaff(ctx.db, { id, lock: true });
  assertMayManage(auth, target);
  const set: Partial<typeof users.$inferInsert> = { updatedAt: ctx.clock.now() };
  if (input.role !== undefined && input.role !== target.role) {
    assertNotSelf(auth, id, 'role', 'You cannot change your own role');
    assertMayGiveRole(auth, input.role);
    if (target.role === 'admin' && target.active) await assertAnotherActiveAdmin(ctx, id);
    set.role = input.role;
    if (input.role === 'trainer') set.isTrainer = true;
  }
  if (input.allCenters !== undefined || input.centerIds !== undefined) {
    const allCenters = input.allCenters ?? target.allCenters;
    const centerIds = await assertMayGiveCenters(ctx, { allCenters, centerIds: input.centerIds ?? target.centerIds });
    set.allCenters = allCenters;
    await replaceCenters(ctx, { userId: id, centerIds });
  }
  // Role and centres are what a session carries: every server forgets this user's sessions on commit.
  if (set.role !== undefined || set.allCenters !== undefined) await ctx.sessionsChanged({ users: [id] });
  else if (input.fullName !== undefined || input.email !== undefined || input.language !== undefined)
    await ctx.sessionsChanged({ profiles: [id] });
  if (input.fullName !== undefined) set.fullName = input.fullName;
  if (input.email !== undefined) set.email = input.email;
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.language !== undefined) set.language = input.language;
  if (input.isTrainer !== undefined) set.isTrainer = input.isTrainer || (set.role ?? target.role) === 'trainer';
  await ctx.db.update(users, set, eq(users.id, id));
  if (set.email !== undefined && set.email !== target.email) {
    await enqueueEmailChangedNotice(ctx, { target, newEmail: set.email });
  }
  const updated = await getStaff(ctx.db, id);
  await recordAudit(ctx, {
    action: updated.role !== target.role ? 'staff.role_changed' : 'staff.access_changed',
    entityType: 'staff',
    entityId: id,
    summary: `Role, centres or e-mail of ${updated.fullName} changed`,
    before: target,
    after: updated,
    fields: STAFF_AUDITED_FIELDS,
  });
  return updated;
}
