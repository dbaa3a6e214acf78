import type { Room, roomExportQuerySchema, roomListQuerySchema } from '@gym/contract/rooms';
import { likeEscape } from '@gym/contract/search';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { centers, rooms } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

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

/** The list's filters; the scoped database keeps to the caller's centres (staff limited to some centres see those centres' rooms only). */
function listWhere(q: ListFilters): SQL | undefined {
  const keyword = q.keyword?.trim();
  return and(
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
  { db }: { db: TenantDb },
  q: z.infer<typeof roomListQuerySchema>,
): Promise<{ items: Room[]; total: number; page: number; pageSize: number }> {
  const where = listWhere(q);
  const [rows, total] = await Promise.all([
    db
      .select(roomColumns)
      .from(rooms)
      .innerJoin(centers, eq(centers.id, rooms.centerId))
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.count(rooms, where),
  ]);
  return { items: rows.map(toRoom), total, page: q.page, pageSize: q.pageSize };
}

/** The export's rooms, a chunk at a time (lib/long-read.ts); a chain has hundreds of rooms at most. */
export async function listRoomsForExport({ db }: { db: TenantDb }, q: ListFilters): Promise<ChunkedRows<Room>> {
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select(roomColumns)
      .from(rooms)
      .innerJoin(centers, eq(centers.id, rooms.centerId))
      .where(listWhere(q))
      .orderBy(...listOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return rows.map(toRoom);
  });
}

export async function getRoom({ db }: { db: TenantDb }, input: { id: string }): Promise<Room> {
  const [row] = await db
    .select(roomColumns)
    .from(rooms)
    .innerJoin(centers, eq(centers.id, rooms.centerId))
    .where(eq(rooms.id, input.id));
  if (!row) throw notFound('room');
  return toRoom(row);
}
