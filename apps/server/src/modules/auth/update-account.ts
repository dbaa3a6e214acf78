import type { UserData, updateAccountRequestSchema } from '@gym/contract/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { loadUserData } from './user-data.ts';

/** The signed-in staff member's name and preferences; every server drops its cached profile. */
export async function updateAccount(
  ctx: UseCaseContext,
  input: z.infer<typeof updateAccountRequestSchema>,
): Promise<UserData> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: ctx.clock.now() };
  if (input.fullName !== undefined) set.fullName = input.fullName;
  if (input.preferences?.language) set.language = input.preferences.language;
  if (input.preferences?.skin) set.skin = input.preferences.skin;
  if (input.preferences?.layout) set.layout = input.preferences.layout;
  await ctx.db.update(users, set, eq(users.id, ctx.auth.userId));
  await ctx.sessionsChanged({ profiles: [ctx.auth.userId] });
  return loadUserData(ctx.db, ctx.auth.userId);
}
