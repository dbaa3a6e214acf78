import type { Resource } from '@gym/contract/acl';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import { z } from 'zod';
import { type Access, type AuthContext, can } from './access.ts';
import { callerTimeZone } from './business-date.ts';
import type { ChunkedRows, LongReads } from './long-read.ts';
import { type ExportColumn, type ExportFormat, sendExport } from './table-export.ts';
import type { TenantDb } from './tenant-db.ts';
import { type Command, type CommandDeps, queryContext, runCommand } from './use-case.ts';

type Schema = z.ZodType;
type Status = 200 | 201 | 202 | 204;
type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/** What a route validates and answers, beside its method, address and access. */
export interface RouteSchemas {
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The answer's schema, sent with `status`; a 204 has none. */
  reply?: Schema;
  /**
   * 200 unless said (201 for a created row, 202 for work accepted, 204 for no answer). A route whose
   * status depends on the call (200 for a card already attached, 201 for a new one) lists each, the
   * first by default: its handler answers the others itself (`return reply.code(201).send(...)`).
   */
  status?: Status | readonly [200 | 201 | 202, ...(200 | 201 | 202)[]];
  idempotent?: FastifyContextConfig['idempotent'];
  bodyLimit?: number;
  onRequest?: onRequestHookHandler;
  /** For the API's documentation, where the schemas do not say it all. */
  description?: string;
}

export type RouteRequest<S extends RouteSchemas> = FastifyRequest<{
  Params: Parsed<S['params']>;
  Querystring: Parsed<S['query']>;
  Body: Parsed<S['body']>;
}>;

export type RouteAnswer<S extends RouteSchemas> = S['reply'] extends Schema ? z.input<S['reply']> : unknown;

export type RouteHandler<S extends RouteSchemas> = (
  req: RouteRequest<S>,
  reply: FastifyReply,
) => RouteAnswer<S> | FastifyReply | Promise<RouteAnswer<S> | FastifyReply>;

/** One method of `routeTable`: declares a route with its address, access, schemas and handler. */
export type RouteDeclare = <S extends RouteSchemas>(
  url: string,
  access: Access,
  schemas: S,
  handle: RouteHandler<S>,
) => void;

/**
 * Declares a module's routes one line of intent each: method, address, access, schemas, and what to call.
 * Every route declares its access (checked at start-up); the status, the answer's schema and the tags are
 * set here once, so a route's body is only the call to its command or query and the shaping of its answer.
 */
export type RouteTable = Record<'get' | 'post' | 'patch' | 'put' | 'delete', RouteDeclare>;

export function routeTable(app: { route: (...args: never[]) => unknown }, tags: string[]): RouteTable {
  const declare =
    (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'): RouteDeclare =>
    (url, access, schemas, handle) => {
      const { params, query, body, reply, status = 200, idempotent, bodyLimit, onRequest, description } = schemas;
      const statuses: readonly Status[] = typeof status === 'number' ? [status] : status;
      const [code] = statuses as [Status];
      const answer = code === 204 ? z.null() : reply;
      (app as unknown as FastifyInstance).route({
        method,
        url,
        ...(bodyLimit ? { bodyLimit } : {}),
        ...(onRequest ? { onRequest } : {}),
        config: { access, ...(idempotent ? { idempotent } : {}) },
        schema: {
          tags,
          ...(description ? { description } : {}),
          ...(params ? { params } : {}),
          ...(query ? { querystring: query } : {}),
          ...(body ? { body } : {}),
          ...(answer ? { response: Object.fromEntries(statuses.map((s) => [s, answer])) } : {}),
        },
        handler: async (req, res) => {
          const out = await handle(req as RouteRequest<typeof schemas>, res);
          if (out === res || res.sent) return res;
          if (code === 204) return res.code(204).send(null);
          return res.code(code).send(out);
        },
      });
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    patch: declare('PATCH'),
    put: declare('PUT'),
    delete: declare('DELETE'),
  };
}

/** What the export and resource routes read with: the database, the long reads' pace, and commands. */
export type RouteDeps = CommandDeps & { longReads: LongReads };

/** An export's query: the list's filters and the file's `format`. */
type ExportQuery = z.ZodType<{ format: ExportFormat; centerId?: string }>;

/** What an export route sends: its file's name, columns and rows. */
export interface ExportedTable<T> {
  fileName: string;
  columns: ExportColumn<T>[];
  rows: ChunkedRows<T>;
  /** The centre whose business date names the file, where the list's filters call it other than `centerId`. */
  centerId?: string;
}

/**
 * Declares the `GET …/export` routes of a module's lists, given the table's `get`: each takes its
 * filters and `format` from `query` (and its `params`, if any, from the address) and answers the
 * table as a CSV or XLSX download (`sendExport`), its file named with the business date of the
 * centre chosen in the filters (`centerId`; `callerTimeZone` falls back to the caller's first centre).
 */
export function exportRoutes(
  get: RouteDeclare,
  deps: Pick<RouteDeps, 'database' | 'longReads'>,
): <S extends { query: ExportQuery; params?: Schema }, T>(
  url: string,
  access: Access,
  schemas: S,
  table: (req: RouteRequest<S>) => Promise<ExportedTable<T>>,
) => void {
  return (url, access, schemas, table) =>
    get(url, access, schemas, async (req, reply) => {
      // The query's output is an ExportQuery's; TypeScript does not follow that through RouteRequest's generic.
      const filters = req.query as z.output<ExportQuery>;
      const { centerId = filters.centerId, ...rest } = await table(req);
      return sendExport(reply, deps.longReads, req.auth!, {
        ...rest,
        timeZone: await callerTimeZone(deps.database.db, req.auth!, centerId),
        format: filters.format,
      });
    });
}

type IdParams = z.ZodType<{ id: string }>;
type QueryOf<Q extends Schema> = RouteRequest<{ query: Q }>['query'];
type BodyOf<B extends Schema> = RouteRequest<{ body: B }>['body'];
type Answering<R extends Schema> = RouteAnswer<{ reply: R }>;

/**
 * Declares the routes of a kind of row staff list, export, open, create, change and deactivate, each
 * said by what it calls. Reads run on the caller's scoped database; the commands' input is the body
 * (with the row's `id` from the address for a change or a deactivation).
 */
export type ResourceDeclare = <
  LQ extends Schema,
  LR extends Schema,
  EQ extends ExportQuery,
  T,
  R extends Schema,
  CB extends Schema,
  UB extends Schema,
>(
  path: string,
  routes: {
    /** `GET path`: the list's page. */
    list: { query: LQ; reply: LR; read: (db: TenantDb, query: QueryOf<LQ>) => Promise<Answering<LR>> };
    /** `GET path/export`: the list's rows (every page) as a CSV or XLSX file (`exportRoutes`). */
    export?: {
      query: EQ;
      fileName: string;
      columns: ExportColumn<T>[];
      rows: (db: TenantDb, query: QueryOf<EQ>) => Promise<ChunkedRows<T>>;
    };
    /** `GET path/:id`: one row (its `read` answers 404 for a row the caller may not see). */
    item: { params: IdParams; reply: R; read: (db: TenantDb, id: string) => Promise<Answering<R>> };
    /** `POST path`: a new row, answered 201. */
    create?: { body: CB; command: Command<BodyOf<CB>, Answering<R>> };
    /** `PATCH path/:id`: a change, answered with the row. */
    update?: { body: UB; command: Command<BodyOf<UB> & { id: string }, Answering<R>> };
    /** `DELETE path/:id`: the row deactivated, answered 204. */
    deactivate?: { command: Command<{ id: string }, unknown> };
  },
) => void;

/**
 * Declares a module's resources (`ResourceDeclare`) on its route table, with the access staff need for
 * each route on `subject`: read to list, export and open, create, update, and delete to deactivate.
 */
export function resourceRoutes(routes: RouteTable, deps: RouteDeps, subject: Resource): ResourceDeclare {
  const exported = exportRoutes(routes.get, deps);
  const scoped = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!).db;
  const read = can('read', subject);
  return (path, { list, export: file, item, create, update, deactivate }) => {
    routes.get(path, read, { query: list.query, reply: list.reply }, (req) => list.read(scoped(req), req.query));
    if (file) {
      exported(`${path}/export`, read, { query: file.query }, async (req) => ({
        fileName: file.fileName,
        columns: file.columns,
        rows: await file.rows(scoped(req), req.query),
      }));
    }
    const byId = { params: item.params, reply: item.reply };
    routes.get(`${path}/:id`, read, byId, (req) => item.read(scoped(req), req.params.id));
    if (create) {
      routes.post(path, can('create', subject), { body: create.body, reply: item.reply, status: 201 }, (req) =>
        runCommand(deps, req.auth!, create.command, req.body),
      );
    }
    if (update) {
      routes.patch(`${path}/:id`, can('update', subject), { ...byId, body: update.body }, (req) =>
        // A body is an object (an update's schema is); TypeScript does not follow that through the generic.
        runCommand(deps, req.auth!, update.command, { ...(req.body as typeof req.body & object), id: req.params.id }),
      );
    }
    if (deactivate) {
      routes.delete(`${path}/:id`, can('delete', subject), { params: item.params, status: 204 }, (req) =>
        runCommand(deps, req.auth!, deactivate.command, { id: req.params.id }),
      );
    }
  };
}
