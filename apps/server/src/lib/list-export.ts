import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import type { Access } from './access.ts';
import { callerTimeZone } from './business-date.ts';
import type { ChunkedRows, LongReads } from './long-read.ts';
import type { RouteHandler, RouteRequest, RouteSchemas } from './routes.ts';
import { type ExportColumn, type ExportFormat, sendExport } from './table-export.ts';

type ExportQuery = z.ZodType<{ format: ExportFormat }>;

/** A list's download: its file's name, its columns, and how to read its rows. */
export interface ListExport<Q extends ExportQuery, T> {
  fileName: string;
  columns: ExportColumn<T>[];
  /**
   * The centre the list was asked for (its `centerId` filter unless said): the file is named for that
   * centre's business date when the caller may see it, else for the caller's.
   */
  centerId?: (query: z.output<Q>) => string | undefined;
  /** Read once the file's date is known. */
  rows: (req: RouteRequest<{ query: Q }>) => Promise<ChunkedRows<T>>;
}

type Get = <S extends RouteSchemas>(url: string, access: Access, schemas: S, handle: RouteHandler<S>) => void;

/**
 * Declares lists' downloads on a route table's `get` (lib/routes.ts): `GET <url>?format=csv|xlsx` with
 * the list's filters, every page, sent a chunk at a time (`sendExport` in lib/table-export.ts).
 */
export function listExportRoutes(deps: { database: { db: DbOrTx }; longReads: LongReads }, get: Get) {
  return <Q extends ExportQuery, T>(url: string, access: Access, query: Q, list: ListExport<Q, T>) =>
    get(url, access, { query }, async (req, reply: FastifyReply) => {
      const auth = req.auth!;
      const filters = req.query as z.output<Q> & { centerId?: string };
      const centerId = list.centerId ? list.centerId(filters) : filters.centerId;
      return sendExport(reply, deps.longReads, auth, {
        fileName: list.fileName,
        timeZone: await callerTimeZone(deps.database.db, auth, centerId),
        format: filters.format,
        columns: list.columns,
        rows: await list.rows(req),
      });
    });
}
