import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  okResponseSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  tokenPairSchema,
  updateAccountRequestSchema,
  userDataSchema,
} from '@gym/contract/auth';
import { registerRequestSchema } from '@gym/contract/registration';
import { sessionListSchema } from '@gym/contract/sessions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AUTHENTICATED, PUBLIC } from '../../lib/access.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { changePassword } from './account.ts';
import { endSession } from './end-session.ts';
import { listSessions } from './list-sessions.ts';
import { login } from './login.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { registerOrganisation } from './register-organisation.ts';
import { logout, rotateRefreshToken } from './sessions.ts';
import { updateAccount } from './update-account.ts';
import { currentUserData } from './user-data.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const tags = ['auth'];

/** `/api/v1/jwt/*`: sign-in, registration of an organisation, token refresh, logout, password reset. */
export function jwtRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        config: { access: PUBLIC },
        schema: { tags, body: loginRequestSchema, response: { 200: loginResponseSchema } },
      },
      async (req, reply) => {
        const { response, deviceCookie } = await login(deps, req.body, {
          ...meta(req),
          cookie: req.headers.cookie,
          secure: req.protocol === 'https',
        });
        reply.header('set-cookie', deviceCookie);
        return response;
      },
    );
    app.post(
      '/register',
      {
        config: { access: PUBLIC },
        schema: { tags, body: registerRequestSchema, response: { 202: okResponseSchema } },
      },
      async (req, reply) => {
        await registerOrganisation(deps, req.body, req.ip);
        return reply.code(202).send({ ok: true as const });
      },
    );
    app.post(
      '/refresh-token',
      {
        config: { access: PUBLIC },
        schema: { tags, body: refreshRequestSchema, response: { 200: tokenPairSchema } },
      },
      (req) => rotateRefreshToken(deps, req.body.refreshToken, meta(req)),
    );
    app.post(
      '/logout',
      { config: { access: PUBLIC }, schema: { tags, body: logoutRequestSchema } },
      async (req, reply) => {
        await logout(deps, req.body.refreshToken);
        return reply.code(204).send();
      },
    );
    app.post(
      '/forgot-password',
      {
        config: { access: PUBLIC },
        schema: { tags, body: forgotPasswordRequestSchema, response: { 202: okResponseSchema } },
      },
      async (req, reply) => {
        await requestPasswordReset(deps, req.body.email);
        return reply.code(202).send({ ok: true as const });
      },
    );
    app.post(
      '/reset-password',
      {
        config: { access: PUBLIC },
        schema: { tags, body: resetPasswordRequestSchema, response: { 200: okResponseSchema } },
      },
      async (req) => {
        await resetPassword(deps, req.body.token, req.body.password);
        return { ok: true as const };
      },
    );
  };
}

/** `/api/v1/pro/me`: the signed-in staff member's own account. */
export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const tags = ['account'];
  return async (app) => {
    app.get('/me', { config: { access: AUTHENTICATED }, schema: { tags, response: { 200: userDataSchema } } }, (req) =>
      currentUserData(deps, req.auth!),
    );
    app.patch(
      '/me',
      {
        config: { access: AUTHENTICATED },
        schema: { tags, body: updateAccountRequestSchema, response: { 200: userDataSchema } },
      },
      (req) => runCommand(deps, req.auth!, updateAccount, req.body),
    );
    app.get(
      '/me/sessions',
      { config: { access: AUTHENTICATED }, schema: { tags, response: { 200: sessionListSchema } } },
      (req) => listSessions(queryContext(deps, req.auth!), {}),
    );
    app.delete(
      '/me/sessions/:id',
      {
        config: { access: AUTHENTICATED },
        schema: { tags, params: z.strictObject({ id: z.uuid() }), response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, endSession, { id: req.params.id });
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/me/password',
      {
        config: { access: AUTHENTICATED },
        schema: { tags, body: changePasswordRequestSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await changePassword(deps, req.auth!, req.body);
        return reply.code(204).send(null);
      },
    );
  };
}
