import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';

const PRO_PREFIX = '/api/v1/pro/';

/**
 * What a signed-in staff member still reaches while maintenance is on: their account (the web app
 * needs it to know who is signed in) and the public configuration (to learn when maintenance ends).
 * Sign-out is under /jwt and never blocked.
 */
const OPEN_DURING_MAINTENANCE = new Set(['GET /api/v1/pro/me', 'GET /api/v1/pro/config/public']);

/**
 * Maintenance mode: while the organisation's switch is on, only admins and developers use the API.
 * The switch travels on the auth context (read by `authenticate` in its one query), so checking it
 * costs nothing per request.
 */
export async function enforceMaintenance(_deps: AppDeps, req: FastifyRequest): Promise<void> {
  const auth = req.auth;
  if (!auth?.maintenanceMode) return;
  if (auth.role === 'admin' || auth.role === 'developer') return;
  const route = req.routeOptions.url ?? '';
  if (!route.startsWith(PRO_PREFIX)) return;
  if (OPEN_DURING_MAINTENANCE.has(`${req.method} ${route.replace(/\/$/, '')}`)) return;
  throw new AppError(503, 'maintenance', 'The system is under maintenance; please try again later');
}
