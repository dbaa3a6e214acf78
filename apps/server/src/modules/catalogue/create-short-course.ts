import type { createShortCourseRequestSchema, ShortCourse } from '@gym/contract/catalogue';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { shortCourses } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getShortCourse } from './queries.ts';
import { withUniqueName } from './unique-name.ts';

export async function createShortCourse(
  ctx: UseCaseContext,
  input: z.infer<typeof createShortCourseRequestSchema>,
): Promise<ShortCourse> {
  // A centre of another organisation, or one this caller does not work in, does not exist for them.
  await ctx.db.usableCenter(input.centerId);
  const [row] = await withUniqueName(ctx, {
    table: shortCourses,
    name: input.name,
    sameScope: eq(shortCourses.centerId, input.centerId),
    write: (db) =>
      db.insert(shortCourses, {
        centerId: input.centerId,
        name: input.name,
        description: input.description || null,
        sessions: input.sessions,
        capacity: input.capacity,
        startsOn: input.startsOn ?? null,
        priceMinor: input.price,
        taxRateBp: input.taxRateBp,
      }),
  });
  return getShortCourse(ctx.db, row!.id);
}
