import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import { z } from 'zod';
import type { Access } from './access.ts';

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

type Answer<S extends RouteSchemas> = S['reply'] extends Schema ? z.input<S['reply']> : unknown;

export type RouteHandler<S extends RouteSchemas> = (
  req: RouteRequest<S>,
  reply: FastifyReply,
) => Answer<S> | FastifyReply | Promise<Answer<S> | FastifyReply>;

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
export function routeTable(
  app: { route: (...args: never[]) => unknown },
  tags: string[],
): Record<'get' | 'post' | 'patch' | 'put' | 'delete', RouteDeclare> {
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
