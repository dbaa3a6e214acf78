import type { Room, roomExportQuerySchema, roomListQuerySchema } from '@gym/contract/rooms';
import { likeEscape } from '@gym/contract/search';
import { asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { centers, rooms } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import { scopeOf } from '../../lib/tenant-db.ts';

type ListFilters = Omit<z.infer<typeof roomExportQuerySchema>, 'format'>;

const roomColumns = { room: rooms, center: { id: centers.id, code: centers.code, name: centers.name } };
type RoomRow = { room: typeof rooms.$inferSelect; center: { id: string; code: string; name: string } };

function toRoom({ room: r, center }: RoomRow): Room {
  return {
    id: r.id,
    center,
    name: r.name,
    capacity: r.capacity,
    notes: r.notes,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Rooms are scoped by their centre: staff limited to some centres see those centres' rooms only. */
const roomScope = (auth: AuthContext, ...more: (SQL | undefined)[]) => scopeOf(auth, rooms, ...more);

function listWhere(auth: AuthContext, q: ListFilters): SQL {
  const keyword = q.keyword?.trim();
  return roomScope(
    auth,
    q.centerId ? eq(rooms.centerId, q.centerId) : undefined,
    q.includeInactive ? undefined : eq(rooms.active, true),
    keyword ? ilike(rooms.name, `%${likeEscape(keyword)}%`) : undefined,
  );
}

function listOrder(sort: ListFilters['sort']): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  switch (sort.replace(/^-/, '')) {
    case 'capacity':
      return [dir(rooms.capacity), asc(sql`lower(${rooms.name})`), asc(rooms.id)];
    case 'center':
      return [dir(centers.code), asc(sql`lower(${rooms.name})`), asc(rooms.id)];
    default:
      return [dir(sql`lower(${rooms.name})`), asc(rooms.id)];
  }
}

export async function listRooms(
  db: DbOrTx,
  auth: AuthContext,
  q: z.infer<typeof roomListQuerySchema>,
): Promise<{ items: Room[]; total: number; page: number; pageSize: number }> {
  const where = listWhere(auth, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(roomColumns)
      .from(rooms)
      .innerJoin(centers, eq(centers.id, rooms.centerId))
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(rooms).where(where),
  ]);
  return { items: rows.map(toRoom), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Every room the export's filters select; a chain has hundreds of rooms at most. */
/** The export's rooms, a chunk at a time (lib/long-read.ts). */
export async function listRoomsForExport(db: DbOrTx, auth: AuthContext, q: ListFilters): Promise<ChunkedRows<Room>> {
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select(roomColumns)
      .from(rooms)
      .innerJoin(centers, eq(centers.id, rooms.centerId))
      .where(listWhere(auth, q))
      .orderBy(...listOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return rows.map(toRoom);
  });
}

export async function getRoom(db: DbOrTx, auth: AuthContext, id: string): Promise<Room> {
  const [row] = await db
    .select(roomColumns)
    .from(rooms)
    .innerJoin(centers, eq(centers.id, rooms.centerId))
    .where(roomScope(auth, eq(rooms.id, id)));
  if (!row) throw notFound('room');
  return toRoom(row);
}
