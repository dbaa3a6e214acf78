import {
  cardLinkDoneSchema,
  cardLinkInfoSchema,
  cardLinkParamsSchema,
  cardLinkRequestSchema,
  prospectRegisteredSchema,
  prospectRegistrationSchema,
  registerPageInfoSchema,
  registerPageParamsSchema,
} from '@gym/contract/public';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { PUBLIC } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { runCommand } from '../../lib/use-case.ts';
import { cardLinkCaller, readCardLink, redeemCardLink } from '../members/index.ts';
import { registerProspect } from './register-prospect.ts';
import { openRegistration, registerPageInfo } from './registration-page.ts';

const tags = ['public'];

/** `/api/v1/public/…`: the pages outsiders open without signing in (registration, card linking). */
export function publicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, post } = routeTable(app, tags);
    const registerPage = { params: registerPageParamsSchema };
    const cardLink = { params: cardLinkParamsSchema };
    get('/register/:initial/:centerCode', PUBLIC, { ...registerPage, reply: registerPageInfoSchema }, (req) =>
      registerPageInfo(deps, req.params.initial, req.params.centerCode),
    );
    post(
      '/register/:initial/:centerCode',
      PUBLIC,
      {
        ...registerPage,
        body: prospectRegistrationSchema,
        reply: prospectRegisteredSchema,
        status: 201,
        idempotent: true,
      },
      async (req) => {
        const { caller, centerId } = await openRegistration(deps, req.params, req.ip);
        await runCommand(deps, caller, registerProspect, { centerId, registration: req.body });
        return { ok: true as const };
      },
    );
    get('/card-link/:centerId/:token', PUBLIC, { ...cardLink, reply: cardLinkInfoSchema }, (req) =>
      readCardLink(deps, req.params.centerId, req.params.token),
    );
    post(
      '/card-link/:centerId/:token',
      PUBLIC,
      { ...cardLink, body: cardLinkRequestSchema, reply: cardLinkDoneSchema },
      async (req) => {
        const { centerId, token } = req.params;
        const caller = await cardLinkCaller(deps, centerId, token);
        return runCommand(deps, caller, redeemCardLink, { centerId, token, cardNumber: req.body.cardNumber });
      },
    );
  };
}
