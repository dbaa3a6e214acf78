import type { groupInputSchema } from '@gym/contract/members';
import type { z } from 'zod';
import { memberGroups } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { withUniqueName } from './group-rules.ts';
import { getGroup } from './queries.ts';

export async function createGroup(ctx: UseCaseContext, input: z.output<typeof groupInputSchema>) {
  const [row] = await withUniqueName(() => ctx.db.insert(memberGroups, input));
  return getGroup(ctx.db, row!.id);
}
