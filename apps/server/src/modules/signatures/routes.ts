import { idParamsSchema } from '@gym/contract/sales';
import {
  agreementTemplateCreateSchema,
  agreementTemplateListQuerySchema,
  agreementTemplateListSchema,
  agreementTemplateSchema,
  agreementTemplateUpdateSchema,
  memberSignaturesQuerySchema,
  memberSignaturesSchema,
  signaturePadOpenedSchema,
  signaturePadOpenSchema,
  signatureRequestCreatedSchema,
  signatureRequestCreateSchema,
  signatureVerifyRequestSchema,
  signatureVerifySchema,
  signingCertificateAnswerSchema,
  signingCertificateUploadSchema,
} from '@gym/contract/signatures';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signingCertificates } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { vaultOf } from '../../lib/vault.ts';
import { createSignatureRequest, type SignatureRequestRow } from './create-signature-request.ts';
import { createTemplate } from './create-template.ts';
import { openOnPad } from './open-on-pad.ts';
import { documentPdf, memberSignatures, verifyPdf } from './queries.ts';
import { resendSignatureRequest } from './resend-signature-request.ts';
import { revokeSignatureRequest } from './revoke-signature-request.ts';
import { listTemplates, templateView } from './templates.ts';
import { updateTemplate } from './update-template.ts';
import { uploadCertificate } from './upload-certificate.ts';

const tags = ['signatures'];

/** A PDF up to 10 MB, sent as base64. */
const VERIFY_BODY_LIMIT = 15_000_000;

/** `/pro/…` of e-signatures: templates, requests, signed documents, verification, the sealing certificate. */
export function signatureRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, post, patch, put } = routeTable(app, tags);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const created = ({ row, token }: { row: SignatureRequestRow; token: string }) => ({
      id: row.id,
      token,
      url: `${deps.config.publicUrl}/signature/${token}/`,
      expiresAt: row.expiresAt.toISOString(),
    });

    get(
      '/agreement-templates',
      can('read', 'Signature'),
      { query: agreementTemplateListQuerySchema, reply: agreementTemplateListSchema },
      (req) => listTemplates(query(req), req.query),
    );
    post(
      '/agreement-templates',
      can('manage', 'Signature'),
      { body: agreementTemplateCreateSchema, reply: agreementTemplateSchema, status: 201 },
      async (req) => templateView(await runCommand(deps, req.auth!, createTemplate, req.body)),
    );
    patch(
      '/agreement-templates/:id',
      can('manage', 'Signature'),
      { params: idParamsSchema, body: agreementTemplateUpdateSchema, reply: agreementTemplateSchema },
      async (req) =>
        templateView(await runCommand(deps, req.auth!, updateTemplate, { id: req.params.id, ...req.body })),
    );

    post(
      '/signature-requests',
      can('create', 'Signature'),
      { body: signatureRequestCreateSchema, reply: signatureRequestCreatedSchema, status: 201, idempotent: true },
      async (req) => created(await runCommand(deps, req.auth!, createSignatureRequest, req.body)),
    );
    post(
      '/signature-requests/:id/resend',
      can('create', 'Signature'),
      { params: idParamsSchema, reply: signatureRequestCreatedSchema, status: 201, idempotent: true },
      async (req) => created(await runCommand(deps, req.auth!, resendSignatureRequest, { id: req.params.id })),
    );
    post(
      '/signature-requests/:id/pad-open',
      can('create', 'Signature'),
      { params: idParamsSchema, body: signaturePadOpenSchema, reply: signaturePadOpenedSchema },
      (req) => runCommand(deps, req.auth!, openOnPad, { id: req.params.id, ...req.body }),
    );
    post(
      '/signature-requests/:id/revoke',
      can('update', 'Signature'),
      { params: idParamsSchema, status: 204, idempotent: true },
      async (req, reply) => {
        await runCommand(deps, req.auth!, revokeSignatureRequest, { id: req.params.id });
        return reply.code(204).send();
      },
    );

    get(
      '/signed-documents',
      can('read', 'Signature'),
      { query: memberSignaturesQuerySchema, reply: memberSignaturesSchema },
      (req) => memberSignatures(query(req), req.query.memberId),
    );
    get('/signed-documents/:id/pdf', can('read', 'Signature'), { params: idParamsSchema }, async (req, reply) => {
      const { pdf, title } = await documentPdf(query(req), req.params.id);
      const name = `${title.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'document'}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="document.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(pdf);
    });
    post(
      '/signed-documents/verify',
      can('read', 'Signature'),
      { body: signatureVerifyRequestSchema, reply: signatureVerifySchema, bodyLimit: VERIFY_BODY_LIMIT },
      (req) => verifyPdf(query(req), Buffer.from(req.body.pdf.replace(/^data:[^,]*,/, ''), 'base64')),
    );

    get('/signing-certificate', can('read', 'Signature'), { reply: signingCertificateAnswerSchema }, async (req) => {
      const row = await query(req).db.first(signingCertificates);
      return {
        certificate: row
          ? {
              source: row.source as 'uploaded',
              subject: row.subject,
              fingerprint: row.fingerprint,
              notAfter: row.notAfter.toISOString(),
            }
          : null,
      };
    });
    put(
      '/signing-certificate',
      can('update', 'Setting'),
      { body: signingCertificateUploadSchema, reply: signingCertificateAnswerSchema },
      async (req) => {
        const row = await runCommand(deps, req.auth!, uploadCertificate, {
          ...req.body,
          vault: vaultOf(deps.database.db, deps.config),
        });
        return {
          certificate: {
            source: row.source as 'uploaded',
            subject: row.subject,
            fingerprint: row.fingerprint,
            notAfter: row.notAfter.toISOString(),
          },
        };
      },
    );
  };
}
