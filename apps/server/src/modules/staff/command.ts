import { eq } from 'drizzle-orm';
import { userCenters } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/**
 * How the runner answers a staff command's conflicts: e-mail addresses are unique in the whole
 * deployment (sign-in is by e-mail), so the e-mail's unique index is 409 `email_taken`.
 */
export const STAFF_COMMAND = {
  conflicts: {
    users_email_unique: () => conflict('email_taken', 'This e-mail address already belongs to an account', 'email'),
  },
};

/** Makes a staff member's allowed centres exactly `centerIds` (already checked). */
export async function replaceCenters(
  ctx: UseCaseContext,
  { userId, centerIds }: { userId: string; centerIds: string[] },
) {
  await ctx.db.delete(userCenters, eq(userCenters.userId, userId));
  if (centerIds.length > 0)
    await ctx.db.insert(
      userCenters,
      centerIds.map((centerId) => ({ userId, centerId })),
    );
}
