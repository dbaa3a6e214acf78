import {
  createRoomRequestSchema,
  type Room,
  roomExportQuerySchema,
  roomIdParamsSchema,
  roomListQuerySchema,
  roomListResponseSchema,
  roomSchema,
  updateRoomRequestSchema,
} from '@gym/contract/rooms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { createRoom } from './create-room.ts';
import { deactivateRoom } from './deactivate-room.ts';
import { getRoom, listRooms, listRoomsForExport } from './queries.ts';
import { updateRoom } from './update-room.ts';

const tags = ['rooms'];

const EXPORT_COLUMNS: ExportColumn<Room>[] = [
  { header: 'Centre code', value: (r) => r.center.code, width: 10 },
  { header: 'Centre', value: (r) => r.center.name, width: 24 },
  { header: 'Room', value: (r) => r.name, width: 24 },
  { header: 'Capacity', value: (r) => r.capacity, width: 10 },
  { header: 'Notes', value: (r) => r.notes, width: 40 },
  { header: 'Active', value: (r) => (r.active ? 'yes' : 'no'), width: 8 },
  { header: 'Created', value: (r) => new Date(r.createdAt) },
];

/** `/pro/rooms` (`/room-list`): the rooms of the centres the caller works in. */
export function roomRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, post, patch, delete: del } = routeTable(app, tags);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const byId = { params: roomIdParamsSchema };
    get('/rooms', can('read', 'Room'), { query: roomListQuerySchema, reply: roomListResponseSchema }, (req) =>
      listRooms(query(req), req.query),
    );
    exportRoutes(get, deps)('/rooms/export', can('read', 'Room'), { query: roomExportQuerySchema }, async (req) => ({
      fileName: 'rooms',
      columns: EXPORT_COLUMNS,
      rows: await listRoomsForExport(query(req), req.query),
    }));
    get('/rooms/:id', can('read', 'Room'), { ...byId, reply: roomSchema }, (req) =>
      getRoom(query(req), { id: req.params.id }),
    );
    post('/rooms', can('create', 'Room'), { body: createRoomRequestSchema, reply: roomSchema, status: 201 }, (req) =>
      runCommand(deps, req.auth!, createRoom, req.body),
    );
    patch('/rooms/:id', can('update', 'Room'), { ...byId, body: updateRoomRequestSchema, reply: roomSchema }, (req) =>
      runCommand(deps, req.auth!, updateRoom, { ...req.body, id: req.params.id }),
    );
    del('/rooms/:id', can('delete', 'Room'), { ...byId, status: 204 }, (req) =>
      runCommand(deps, req.auth!, deactivateRoom, { id: req.params.id }),
    );
  };
}
