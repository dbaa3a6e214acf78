import type { createStaffRequestSchema, Staff } from '@gym/contract/staff';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { replaceCenters } from './command.ts';
import { enqueueInvitation } from './invitation.ts';
import { getStaff } from './queries.ts';
import { assertMayGiveCenters, assertMayGiveRole } from './rules.ts';

export type CreateStaffInput = z.infer<typeof createStaffRequestSchema>;

/**
 * Adds a staff member. The account has no password until the person chooses one through the
 * invitation link (sign-in refuses it meanwhile). A trainer by role is always bookable as one.
 */
export async function createStaff(ctx: UseCaseContext, input: CreateStaffInput): Promise<Staff> {
  const { auth } = ctx;
  assertMayGiveRole(auth, input.role);
  const centerIds = await assertMayGiveCenters(ctx, { allCenters: input.allCenters, centerIds: input.centerIds });
  const [user] = await ctx.db.insert(users, {
    email: input.email,
    fullName: input.fullName,
    phone: input.phone ?? null,
    role: input.role,
    isTrainer: input.isTrainer || input.role === 'trainer',
    allCenters: input.allCenters,
    language: input.language,
    passwordHash: null,
  });
  await replaceCenters(ctx, { userId: user!.id, centerIds });
  if (input.sendInvite) await enqueueInvitation(ctx, user!);
  return getStaff(ctx.db, user!.id);
}
