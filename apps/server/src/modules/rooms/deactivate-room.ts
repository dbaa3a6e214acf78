import { eq } from 'drizzle-orm';
import { rooms } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/**
 * Deleting a room deactivates it: classes and bookings of later issues point to rooms, and staff
 * expect to undo. A deactivated room leaves the lists (unless asked for) and new schedules.
 */
export async function deactivateRoom(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const [row] = await ctx.db.update(rooms, { active: false }, eq(rooms.id, input.id));
  if (!row) throw notFound('room');
}
