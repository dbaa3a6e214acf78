import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, PRODUCT_NAME } from '@gym/contract/constants';
import type { ErrorResponse } from '@gym/contract/errors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { z } from 'zod';
import type { AppDeps } from './deps.ts';
import { PUBLIC, type RegisteredRoute } from './lib/access.ts';
import { requestMeta } from './lib/audit.ts';
import { connectionCap, limitConnectionsPerAddress, slowClientTimeouts } from './lib/connection-limits.ts';
import { AppError } from './lib/errors.ts';
import { registerIdempotency } from './lib/idempotency.ts';
import { serverLogger } from './lib/logging.ts';
import { isDatabaseUnavailable } from './lib/pg-errors.ts';
import { registerRequestLog, requestLogController } from './lib/request-log.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { accountRoutes, authenticate, jwtRoutes } from './modules/auth/index.ts';
import { bookingRoutes } from './modules/bookings/index.ts';
import { catalogueRoutes } from './modules/catalogue/index.ts';
import { centerRoutes } from './modules/centers/index.ts';
import { classRoutes } from './modules/classes/index.ts';
import { configRoutes, enforceMaintenance } from './modules/config/index.ts';
import { contentModule } from './modules/content/index.ts';
import { courseRoutes } from './modules/courses/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { entitlementRoutes } from './modules/entitlements/index.ts';
import { entryRoutes } from './modules/entries/index.ts';
import { expenditureRoutes } from './modules/expenditures/index.ts';
import { goalRoutes } from './modules/goals/index.ts';
import { groupRoutes } from './modules/groups/index.ts';
import { importRoutes } from './modules/imports/index.ts';
import { memberRoutes } from './modules/members/index.ts';
import { outboxRoutes } from './modules/outbox/index.ts';
import { paymentPublicRoutes, paymentRoutes, paymentWebhookRoutes } from './modules/payments/index.ts';
import { ptRoutes } from './modules/pt/index.ts';
import { publicRoutes } from './modules/public/index.ts';
import { readerRoutes } from './modules/readers/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { retailRoutes } from './modules/retail/index.ts';
import { roomRoutes } from './modules/rooms/index.ts';
import { salesRoutes } from './modules/sales/index.ts';
import { signaturePublicRoutes, signatureRoutes } from './modules/signatures/index.ts';
import { staffRoutes } from './modules/staff/index.ts';

const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api/v1 with its declared permission: the authorization and bad-input tests walk it. */
    routeRegistry: RegisteredRoute[];
  }
}

/** A file of the web build named by its content (Vite's `assets/<name>-<8-character hash>.<ext>`). */
export function isContentHashed(pathInBuild: string): boolean {
  const parts = pathInBuild.split(sep);
  return parts.length === 2 && parts[0] === 'assets' && /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/.test(parts[1]!);
}

function send(reply: import('fastify').FastifyReply, status: number, body: ErrorResponse) {
  if (body.retryAfterSeconds) reply.header('retry-after', String(body.retryAfterSeconds));
  return reply.code(status).send(body);
}

export async function buildApp(deps: AppDeps, opts: { logger?: FastifyServerOptions['logger'] } = {}) {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: serverLogger(opts.logger, config.LOG_LEVEL),
    // One line per request (lib/request-log.ts) rather than Fastify's two.
    logController: requestLogController(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Slow clients: a request's headers within HEADERS_TIMEOUT_SECONDS, all of it within REQUEST_TIMEOUT_SECONDS.
    ...slowClientTimeouts(config),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestLog(app);
  limitConnectionsPerAddress(app.server, connectionCap(config), (address, open) =>
    app.log.warn(
      { address, open },
      'connections refused: this address holds as many as MAX_CONNECTIONS_PER_ADDRESS allows',
    ),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('routeRegistry', [] as RegisteredRoute[]);
  app.decorateRequest('auth', null);

  // Every API route must say who may call it; a route that forgets does not start.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeRegistry.push({
        method,
        url: route.url,
        access,
        hasBody: Boolean(route.schema?.body),
        hasParams: Boolean(route.schema?.params),
        hasQuery: Boolean(route.schema?.querystring),
        schemas: { body: route.schema?.body, params: route.schema?.params, querystring: route.schema?.querystring },
      });
    }
  });

  // API answers carry tokens or personal data: no browser or proxy may keep them (errors included).
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/api/v1/')) reply.header('cache-control', 'no-store');
  });

  // Authentication and the route's permission are checked before the body is even parsed.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    // A reader authenticates with its own secret (the route's own hook), never with a user session.
    if (!access || 'public' in access || 'reader' in access) return;
    // A copy: what authenticates may be a cached answer shared by the caller's requests.
    req.auth = Object.assign({}, await authenticate(deps, req.headers.authorization), { request: requestMeta(req) });
    if ('action' in access && !req.auth.ability.can(access.action, access.subject)) {
      throw new AppError(403, 'forbidden', 'You are not allowed to do this');
    }
    await enforceMaintenance(deps, req);
  });
  registerIdempotency(app as unknown as FastifyInstance, deps.database.db);

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      return send(reply, err.status, {
        error: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
        ...(err.retryAfterSeconds ? { retryAfterSeconds: err.retryAfterSeconds } : {}),
        ...(err.details ? { details: err.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => {
        const path = [v.instancePath.replace(/^\//, '').replaceAll('/', '.')]
          .concat(v.keyword === 'unrecognized_keys' ? ((v.params?.keys as string[] | undefined) ?? []) : [])
          .filter(Boolean)
          .join('.');
        // The contract's own rules carry a snake_case code as their message (e.g. `phone_format`).
        const code = v.message && /^[a-z_]+$/.test(v.message) ? v.message : v.keyword;
        return { path: path || (err.validationContext ?? 'body'), code, message: v.message ?? 'invalid' };
      });
      return send(reply, 400, {
        error: 'validation_failed',
        message: `Invalid ${err.validationContext ?? 'request'}: ${fields.map((f) => f.path).join(', ')}`,
        fields,
      });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return send(reply, 413, { error: 'payload_too_large', message: 'The request is too large' });
    if (status === 429) return send(reply, 429, { error: 'rate_limited', message: 'Too many requests' });
    if (status >= 400 && status < 500) {
      return send(reply, status, {
        error: status === 404 ? 'not_found' : 'validation_failed',
        message: (err as Error).message,
      });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, 503, {
        error: 'database_unavailable',
        message: 'The database cannot be reached; try again in a moment',
      });
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, { error: 'internal', message: 'Something went wrong' });
  });

  // The security headers, computed once: the Fastify plugin built Helmet (and parsed its policy)
  // again for every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS), which needs inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // Receipts print from a hidden frame holding the server's PDF under a blob: URL.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined)),
  );

  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get(
    '/api/health',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({
            status: z.enum(['ok', 'degraded']),
            version: z.string(),
            database: z.string(),
            /** `local`: one server, no Redis; `shared`: events go between servers; `down`: Redis is away. */
            events: z.enum(['local', 'shared', 'down']),
            demo: z.boolean(),
          }),
          503: z.object({ status: z.literal('unavailable'), version: z.string(), database: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await deps.database.ping();
        const events: 'local' | 'shared' | 'down' = !deps.interServer.configured
          ? 'local'
          : deps.interServer.up
            ? 'shared'
            : 'down';
        return {
          // Serving, but a desk's toasts reach only the browsers on this server while Redis is away.
          status: events === 'down' ? ('degraded' as const) : ('ok' as const),
          version: APP_VERSION,
          database: deps.database.kind,
          events,
          demo: deps.demo,
        };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, version: APP_VERSION, database: 'unreachable' });
      }
    },
  );

  await app.register(jwtRoutes(deps), { prefix: '/api/v1/jwt' });
  await app.register(publicRoutes(deps), { prefix: '/api/v1/public' });
  await app.register(paymentPublicRoutes(deps), { prefix: '/api/v1/public' });
  const content = contentModule(deps);
  await app.register(content.public, { prefix: '/api/v1/public' });
  await app.register(signaturePublicRoutes(deps), { prefix: '/api/v1/public' });
  await app.register(paymentWebhookRoutes(deps), { prefix: '/api/v1/webhooks' });
  await app.register(
    async (pro) => {
      await pro.register(accountRoutes(deps));
      await pro.register(centerRoutes(deps));
      await pro.register(outboxRoutes(deps));
      await pro.register(memberRoutes(deps));
      await pro.register(groupRoutes(deps));
      await pro.register(staffRoutes(deps));
      await pro.register(roomRoutes(deps));
      await pro.register(salesRoutes(deps));
      await pro.register(paymentRoutes(deps));
      await pro.register(entitlementRoutes(deps));
      await pro.register(classRoutes(deps));
      await pro.register(bookingRoutes(deps));
      await pro.register(courseRoutes(deps));
      await pro.register(ptRoutes(deps));
      await pro.register(retailRoutes(deps));
      await pro.register(readerRoutes(deps));
      await pro.register(reportRoutes(deps));
      await pro.register(entryRoutes(deps));
      await pro.register(catalogueRoutes(deps));
      await pro.register(configRoutes(deps));
      await pro.register(importRoutes(deps));
      await pro.register(auditRoutes(deps));
      await pro.register(expenditureRoutes(deps));
      await pro.register(content.pro);
      await pro.register(signatureRoutes(deps));
      await pro.register(goalRoutes(deps));
      await pro.register(dashboardRoutes(deps));
    },
    { prefix: '/api/v1/pro' },
  );

  // The web app: built files, and index.html for every other path (history-mode routing).
  const webDist = config.WEB_DIST ? resolve(config.WEB_DIST) : DEFAULT_WEB_DIST;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    // Looked up per request (not listed at start), so a rebuild of the web app while running answers 404, not 500.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      maxAge: '1y',
      immutable: true,
      // Only a file whose name carries its content's hash may be kept unchanged for a year: any
      // other (index.html, which names the current build's files; the icons) is asked again each
      // time (a 304 when unchanged), so no cached copy outlives a deploy.
      setHeaders: (reply, path) => {
        if (!isContentHashed(relative(webDist, path))) reply.header('cache-control', 'no-cache');
      },
    });
  }
  const sendIndex = (reply: import('fastify').FastifyReply) => reply.sendFile('index.html', webDist);
  if (hasWeb) app.get('/', (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path.startsWith('/socket.io') || req.method !== 'GET' || !hasWeb) {
      return send(reply, 404, { error: 'not_found', message: `No route ${req.method} ${path}` });
    }
    if (/\.[a-z0-9]{2,5}$/i.test(path) && !path.endsWith('.vue')) {
      return send(reply, 404, { error: 'not_found', message: `No file ${path}` });
    }
    return sendIndex(reply);
  });

  return app as unknown as FastifyInstance;
}
