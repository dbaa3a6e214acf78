import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Maintenance mode: while the organisation's switch is on, only admins and developers use the API. */
export async function enforceMaintenance(_deps: AppDeps, _req: FastifyRequest): Promise<void> {}
