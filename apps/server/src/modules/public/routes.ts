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
import { runCommand } from '../../lib/use-case.ts';
import { cardLinkCaller, readCardLink, redeemCardLink } from '../members/index.ts';
import { registerProspect } from './register-prospect.ts';
import { openRegistration, registerPageInfo } from './registration-page.ts';

const tags = ['public'];

/** `/api/v1/public/…`: the pages outsiders open without signing in (registration, card linking). */
export function publicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/register/:initial/:centerCode',
      {
        config: { access: PUBLIC },
        schema: { tags, params: registerPageParamsSchema, response: { 200: registerPageInfoSchema } },
      },
      (req) => registerPageInfo(deps, req.params.initial, req.params.centerCode),
    );
    app.post(
      '/register/:initial/:centerCode',
      {
        config: { access: PUBLIC, idempotent: true },
        schema: {
          tags,
          params: registerPageParamsSchema,
          body: prospectRegistrationSchema,
          response: { 201: prospectRegisteredSchema },
        },
      },
      async (req, reply) => {
        const { caller, centerId } = await openRegistration(deps, req.params, req.ip);
        await runCommand(deps, caller, registerProspect, { centerId, registration: req.body });
        return reply.code(201).send({ ok: true as const });
      },
    );
    app.get(
      '/card-link/:centerId/:token',
      {
        config: { access: PUBLIC },
        schema: { tags, params: cardLinkParamsSchema, response: { 200: cardLinkInfoSchema } },
      },
      (req) => readCardLink(deps, req.params.centerId, req.params.token),
    );
    app.post(
      '/card-link/:centerId/:token',
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          params: cardLinkParamsSchema,
          body: cardLinkRequestSchema,
          response: { 200: cardLinkDoneSchema },
        },
      },
      async (req) => {
        const { centerId, token } = req.params;
        const caller = await cardLinkCaller(deps, centerId, token);
        return runCommand(deps, caller, redeemCardLink, { centerId, token, cardNumber: req.body.cardNumber });
      },
    );
  };
}
