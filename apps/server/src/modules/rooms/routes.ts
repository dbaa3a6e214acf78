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
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { type ExportColumn, sendExport } from '../../lib/table-export.ts';
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
    const { db } = deps.database;
    app.get(
      '/rooms',
      {
        config: { access: can('read', 'Room') },
        schema: { tags, querystring: roomListQuerySchema, response: { 200: roomListResponseSchema } },
      },
      (req) => listRooms(queryContext(deps, req.auth!), req.query),
    );
    app.get(
      '/rooms/export',
      { config: { access: can('read', 'Room') }, schema: { tags, querystring: roomExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'rooms',
          timeZone: await callerTimeZone(db, req.auth!, (req.query as { centerId?: string }).centerId),
          format: req.query.format,
          columns: EXPORT_COLUMNS,
          rows: await listRoomsForExport(queryContext(deps, req.auth!), req.query),
        }),
    );
    app.get(
      '/rooms/:id',
      {
        config: { access: can('read', 'Room') },
        schema: { tags, params: roomIdParamsSchema, response: { 200: roomSchema } },
      },
      (req) => getRoom(queryContext(deps, req.auth!), { id: req.params.id }),
    );
    app.post(
      '/rooms',
      {
        config: { access: can('create', 'Room') },
        schema: { tags, body: createRoomRequestSchema, response: { 201: roomSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createRoom, req.body)),
    );
    app.patch(
      '/rooms/:id',
      {
        config: { access: can('update', 'Room') },
        schema: { tags, params: roomIdParamsSchema, body: updateRoomRequestSchema, response: { 200: roomSchema } },
      },
      (req) => runCommand(deps, req.auth!, updateRoom, { ...req.body, id: req.params.id }),
    );
    app.delete(
      '/rooms/:id',
      {
        config: { access: can('delete', 'Room') },
        schema: { tags, params: roomIdParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, deactivateRoom, { id: req.params.id });
        return reply.code(204).send(null);
      },
    );
  };
}
