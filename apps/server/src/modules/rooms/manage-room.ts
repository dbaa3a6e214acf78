import type { createRoomRequestSchema, Room, updateRoomRequestSchema } from '@gym/contract/rooms';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rooms } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getRoom } from './queries.ts';

/**
 * Names are unique per centre whatever the case, deactivated rooms included: a second "Studio 1"
 * would make schedules ambiguous. The answer names the existing room so the screen can offer to
 * reactivate it instead.
 */
async function nameTaken(db: DbOrTx, auth: AuthContext, centerId: string, name: string): Promise<AppError> {
  const [existing] = await tenantDb(db, auth).rows(
    rooms,
    and(eq(rooms.centerId, centerId), sql`lower(${rooms.name}) = lower(${name})`),
  );
  const message =
    existing?.active === false
      ? 'A deactivated room of this centre has this name'
      : 'This centre already has a room with this name';
  return new AppError(
    409,
    'name_taken',
    message,
    [{ path: 'name', code: 'name_taken', message }],
    undefined,
    existing ? { roomId: existing.id, active: existing.active } : undefined,
  );
}

/**
 * Runs a write that may take a name already used in the centre, inside a savepoint: the unique
 * index's refusal rolls back the write only, and the answer names the existing room.
 */
async function withRoomName<T>(ctx: UseCaseContext, centerId: string, name: string, write: (tx: Tx) => Promise<T>) {
  try {
    return await ctx.tx.transaction(write);
  } catch (err) {
    if (isUniqueViolation(err, 'rooms_center_name')) throw await nameTaken(ctx.tx, ctx.auth, centerId, name);
    throw err;
  }
}

export async function createRoom(ctx: UseCaseContext, input: z.infer<typeof createRoomRequestSchema>): Promise<Room> {
  // A centre of another organisation, or one this caller does not work in, does not exist for them.
  await ctx.db.usableCenter(input.centerId);
  const [row] = await withRoomName(ctx, input.centerId, input.name, () =>
    ctx.db.insert(rooms, {
      centerId: input.centerId,
      name: input.name,
      capacity: input.capacity,
      notes: input.notes ?? null,
    }),
  );
  return getRoom(ctx.tx, ctx.auth, row!.id);
}

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
    await withRoomName(ctx, current.centerId, input.name ?? '', () => ctx.db.update(rooms, set, eq(rooms.id, id)));
  }
  return getRoom(ctx.tx, ctx.auth, id);
}

/**
 * Deleting a room deactivates it: classes and bookings of later issues point to rooms, and staff
 * expect to undo. A deactivated room leaves the lists (unless asked for) and new schedules.
 */
export async function deactivateRoom(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const [row] = await ctx.db.update(rooms, { active: false }, eq(rooms.id, input.id));
  if (!row) throw notFound('room');
}
