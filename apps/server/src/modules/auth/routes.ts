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
import { routeTable } from '../../lib/routes.ts';
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
    const { post } = routeTable(app, tags);
    post('/login', PUBLIC, { body: loginRequestSchema, reply: loginResponseSchema }, async (req, reply) => {
      const { response, deviceCookie } = await login(deps, req.body, {
        ...meta(req),
        cookie: req.headers.cookie,
        secure: req.protocol === 'https',
      });
      reply.header('set-cookie', deviceCookie);
      return response;
    });
    post('/register', PUBLIC, { body: registerRequestSchema, reply: okResponseSchema, status: 202 }, async (req) => {
      await registerOrganisation(deps, req.body, req.ip);
      return { ok: true as const };
    });
    post('/refresh-token', PUBLIC, { body: refreshRequestSchema, reply: tokenPairSchema }, (req) =>
      rotateRefreshToken(deps, req.body.refreshToken, meta(req)),
    );
    post('/logout', PUBLIC, { body: logoutRequestSchema }, async (req, reply) => {
      await logout(deps, req.body.refreshToken);
      return reply.code(204).send();
    });
    post(
      '/forgot-password',
      PUBLIC,
      { body: forgotPasswordRequestSchema, reply: okResponseSchema, status: 202 },
      async (req) => {
        await requestPasswordReset(deps, req.body.email);
        return { ok: true as const };
      },
    );
    post('/reset-password', PUBLIC, { body: resetPasswordRequestSchema, reply: okResponseSchema }, async (req) => {
      await resetPassword(deps, req.body.token, req.body.password);
      return { ok: true as const };
    });
  };
}

/** `/api/v1/pro/me`: the signed-in staff member's own account. */
export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, post, patch, delete: del } = routeTable(app, ['account']);
    get('/me', AUTHENTICATED, { reply: userDataSchema }, (req) => currentUserData(deps, req.auth!));
    patch('/me', AUTHENTICATED, { body: updateAccountRequestSchema, reply: userDataSchema }, (req) =>
      runCommand(deps, req.auth!, updateAccount, req.body),
    );
    get('/me/sessions', AUTHENTICATED, { reply: sessionListSchema }, (req) =>
      listSessions(queryContext(deps, req.auth!), {}),
    );
    del('/me/sessions/:id', AUTHENTICATED, { params: z.strictObject({ id: z.uuid() }), status: 204 }, (req) =>
      runCommand(deps, req.auth!, endSession, { id: req.params.id }),
    );
    post('/me/password', AUTHENTICATED, { body: changePasswordRequestSchema, status: 204 }, (req) =>
      changePassword(deps, req.auth!, req.body),
    );
  };
}
