import type { createRoomRequestSchema, Room, updateRoomRequestSchema } from '@gym/contract/rooms';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rooms } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { scoped } from '../../lib/scope.ts';
import { usableCenter } from '../../lib/tenant-db.ts';
import { getRoom } from './queries.ts';

/**
 * Names are unique per centre whatever the case, deactivated rooms included: a second "Studio 1"
 * would make schedules ambiguous. The answer names the existing room so the screen can offer to
 * reactivate it instead.
 */
async function nameTaken(db: DbOrTx, centerId: string, name: string): Promise<AppError> {
  const [existing] = await db
    .select({ id: rooms.id, active: rooms.active })
    .from(rooms)
    .where(and(eq(rooms.centerId, centerId), sql`lower(${rooms.name}) = lower(${name})`));
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

async function inTransaction<T>(
  deps: AppDeps,
  work: (tx: Tx) => Promise<T>,
  onNameTaken: () => Promise<AppError>,
): Promise<T> {
  try {
    return await deps.database.db.transaction(work);
  } catch (err) {
    if (isUniqueViolation(err, 'rooms_center_name')) throw await onNameTaken();
    throw err;
  }
}

export async function createRoom(
  deps: AppDeps,
  auth: AuthContext,
  input: z.infer<typeof createRoomRequestSchema>,
): Promise<Room> {
  const { db } = deps.database;
  return inTransaction(
    deps,
    async (tx) => {
      // A centre of another organisation, or one this caller does not work in, does not exist for them.
      await usableCenter(tx, auth, input.centerId);
      const [row] = await tx
        .insert(rooms)
        .values({
          organisationId: auth.organisationId,
          centerId: input.centerId,
          name: input.name,
          capacity: input.capacity,
          notes: input.notes ?? null,
        })
        .returning({ id: rooms.id });
      return getRoom(tx, auth, row!.id);
    },
    () => nameTaken(db, input.centerId, input.name),
  );
}

export async function updateRoom(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  input: z.infer<typeof updateRoomRequestSchema>,
): Promise<Room> {
  const { db } = deps.database;
  let centerId = '';
  return inTransaction(
    deps,
    async (tx) => {
      const where = scoped(auth, { organisationId: rooms.organisationId, centerId: rooms.centerId }, eq(rooms.id, id));
      const [current] = await tx.select({ centerId: rooms.centerId }).from(rooms).where(where);
      if (!current) throw notFound('room');
      centerId = current.centerId;
      const { notes, ...rest } = input;
      const set: Partial<typeof rooms.$inferInsert> = { ...rest };
      if (notes !== undefined) set.notes = notes;
      if (Object.keys(set).length > 0) await tx.update(rooms).set(set).where(where);
      return getRoom(tx, auth, id);
    },
    () => nameTaken(db, centerId, input.name ?? ''),
  );
}

/**
 * Deleting a room deactivates it: classes and bookings of later issues point to rooms, and staff
 * expect to undo. A deactivated room leaves the lists (unless asked for) and new schedules.
 */
export async function deactivateRoom(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const [row] = await deps.database.db
    .update(rooms)
    .set({ active: false })
    .where(scoped(auth, { organisationId: rooms.organisationId, centerId: rooms.centerId }, eq(rooms.id, id)))
    .returning({ id: rooms.id });
  if (!row) throw notFound('room');
}
