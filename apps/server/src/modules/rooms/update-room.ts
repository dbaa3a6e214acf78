import type { Room, updateRoomRequestSchema } from '@gym/contract/rooms';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { rooms } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getRoom } from './queries.ts';
import { withRoomName } from './room-name.ts';

export async function updateRoom(
  ctx: UseCaseContext,
  input: z.infer<typeof updateRoomRequestSchema> & { id: string },
): Promise<Room> {
  const { id, notes, ...rest } = input;
  const current = await ctx.db.first(rooms, eq(rooms.id, id));
  if (!current) throw notFound('room');
  const set: Partial<typeof rooms.$inferInsert> = { ...rest };
  if (notes !== undefined) set.notes = notes;
  if (Object.keys(set).length > 0) {
    await withRoomName(ctx, {
      centerId: current.centerId,
      name: input.name ?? '',
      write: (db) => db.update(rooms, set, eq(rooms.id, id)),
    });
  }
  return getRoom(ctx, { id });
}
