import type { Action, AppAbility, Resource, Role } from '@gym/contract/acl';

/** What a route requires; every route under /api/v1 must declare one (checked at start-up). */
export type Access =
  | { public: true }
  | { authenticated: true }
  | { action: Action; subject: Resource }
  /** A physical card reader, by its serial number and secret (`X-Reader-Secret`); no user session. */
  | { reader: true };

export const PUBLIC: Access = { public: true };
export const READER: Access = { reader: true };
export const AUTHENTICATED: Access = { authenticated: true };
export const can = (action: Action, subject: Resource): Access => ({ action, subject });

/** The signed-in caller, as every use case sees it. */
export interface AuthContext {
  userId: string;
  organisationId: string;
  role: Role;
  ability: AppAbility;
  /** null: every centre of the organisation. */
  centerIds: string[] | null;
  familyId: string;
  /** The organisation's maintenance switch, read with the user so that checking it costs no query. */
  maintenanceMode?: boolean;
  /** The staff member's own language (their preferences), read with the session; absent: the organisation's. */
  language?: string | null;
  /** Where the request came from (set per request by the authentication hook; the audit log records it). */
  request?: RequestMeta;
}

/** Where a request came from, as the audit log records it. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  hasBody: boolean;
  hasParams: boolean;
  hasQuery: boolean;
  /** The zod schemas the route validates with (the bad-input test generates from them). */
  schemas: { body?: unknown; params?: unknown; querystring?: unknown };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
