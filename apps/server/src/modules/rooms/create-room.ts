import type { createRoomRequestSchema, Room } from '@gym/contract/rooms';
import type { z } from 'zod';
import { rooms } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getRoom } from './queries.ts';
import { withRoomName } from './room-name.ts';

export async function createRoom(ctx: UseCaseContext, input: z.infer<typeof createRoomRequestSchema>): Promise<Room> {
  // A centre of another organisation, or one this caller does not work in, does not exist for them.
  await ctx.db.usableCenter(input.centerId);
  const [row] = await withRoomName(ctx, {
    centerId: input.centerId,
    name: input.name,
    write: (db) =>
      db.insert(rooms, {
        centerId: input.centerId,
        name: input.name,
        capacity: input.capacity,
        notes: input.notes ?? null,
      }),
  });
  return getRoom(ctx, { id: row!.id });
}
