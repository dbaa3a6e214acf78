import {
  publicSignatureDocumentSchema,
  signatureSubmitSchema,
  signatureSubmittedSchema,
  signatureTokenParamsSchema,
} from '@gym/contract/signatures';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { PUBLIC } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { publicCaller, runCommand } from '../../lib/use-case.ts';
import { openDocument } from './open-document.ts';
import { certificateFor, requestByToken, signDocument } from './sign-document.ts';

const tags = ['signatures'];
/** Two signature images of at most ~1 MB each, as base64. */
const SIGN_BODY_LIMIT = 3_500_000;

/** `/public/signatures/{token}`: the signing page's document, and signing it. */
export function signaturePublicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, post } = routeTable(app, tags);
    const meta = (req: { ip: string; headers: Record<string, unknown> }, token: string) => ({
      token,
      address: req.ip ?? null,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 400) : null,
    });
    get(
      '/signatures/:token',
      PUBLIC,
      { params: signatureTokenParamsSchema, reply: publicSignatureDocumentSchema },
      async (req) => {
        const request = await requestByToken(deps, req.params.token);
        const caller = publicCaller(request.organisationId, [request.centerId], 'signature');
        return runCommand(deps, caller, openDocument, meta(req, req.params.token));
      },
    );
    post(
      '/signatures/:token',
      PUBLIC,
      {
        params: signatureTokenParamsSchema,
        body: signatureSubmitSchema,
        reply: signatureSubmittedSchema,
        status: 201,
        idempotent: true,
        bodyLimit: SIGN_BODY_LIMIT,
      },
      async (req) => {
        const request = await requestByToken(deps, req.params.token);
        const caller = publicCaller(request.organisationId, [request.centerId], 'signature');
        const certificate = await certificateFor(deps, request.organisationId);
        return runCommand(deps, caller, signDocument, { ...meta(req, req.params.token), body: req.body, certificate });
      },
    );
  };
}
