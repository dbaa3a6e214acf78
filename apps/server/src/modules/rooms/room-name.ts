import { and, eq, sql } from 'drizzle-orm';
import { rooms } from '../../db/schema/index.ts';
import { type AppError, conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/**
 * Names are unique per centre whatever the case, deactivated rooms included: a second "Studio 1"
 * would make schedules ambiguous. The answer names the existing room so the screen can offer to
 * reactivate it instead.
 */
async function nameTaken(db: TenantDb, { centerId, name }: { centerId: string; name: string }): Promise<AppError> {
  const existing = await db.first(rooms, and(eq(rooms.centerId, centerId), sql`lower(${rooms.name}) = lower(${name})`));
  const message =
    existing?.active === false
      ? 'A deactivated room of this centre has this name'
      : 'This centre already has a room with this name';
  return conflict(
    'name_taken',
    message,
    'name',
    existing ? { roomId: existing.id, active: existing.active } : undefined,
  );
}

/**
 * Runs a write that may take a name already used in the centre, inside a savepoint: the unique
 * index's refusal rolls back the write only, and the answer names the existing room.
 */
export async function withRoomName<T>(
  ctx: { db: TenantDb },
  { centerId, name, write }: { centerId: string; name: string; write: (db: TenantDb) => Promise<T> },
): Promise<T> {
  try {
    return await ctx.db.savepoint(write);
  } catch (err) {
    if (isUniqueViolation(err, 'rooms_center_name')) throw await nameTaken(ctx.db, { centerId, name });
    throw err;
  }
}
