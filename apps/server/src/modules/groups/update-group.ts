import type { groupUpdateSchema } from '@gym/contract/members';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { memberGroups } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { withUniqueName } from './group-rules.ts';
import { getGroup } from './queries.ts';

export async function updateGroup(ctx: UseCaseContext, input: z.output<typeof groupUpdateSchema> & { id: string }) {
  const { id, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length > 0) {
    const updated = await withUniqueName(() => ctx.db.update(memberGroups, changes, eq(memberGroups.id, id)));
    if (updated.length === 0) throw notFound('group');
  }
  return getGroup(ctx.db, id);
}
