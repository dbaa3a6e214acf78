import type { ShortCourse, updateShortCourseRequestSchema } from '@gym/contract/catalogue';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { shortCourses } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getShortCourse } from './queries.ts';
import { withUniqueName } from './unique-name.ts';

/** Changes a short course (including `active`); its centre stays. Courses already sold keep their price. */
export async function updateShortCourse(
  ctx: UseCaseContext,
  input: z.infer<typeof updateShortCourseRequestSchema> & { id: string },
): Promise<ShortCourse> {
  const { id, price, description, ...rest } = input;
  const current = await ctx.db.first(shortCourses, eq(shortCourses.id, id));
  if (!current) throw notFound('short course');
  const set: Partial<typeof shortCourses.$inferInsert> = { ...rest, updatedAt: ctx.clock.now() };
  if (description !== undefined) set.description = description || null;
  if (price !== undefined) set.priceMinor = price;
  await withUniqueName(ctx, {
    table: shortCourses,
    name: input.name,
    sameScope: eq(shortCourses.centerId, current.centerId),
    write: (db) => db.update(shortCourses, set, eq(shortCourses.id, id)),
  });
  return getShortCourse(ctx.db, id);
}
