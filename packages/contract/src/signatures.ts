/**
 * E-signature of agreements: the organisation's templates (per kind and language, versions kept),
 * signature requests (a link with a single-use token, or the desk's tablet), the public signing page's
 * document and its submission, the signed documents and their verification.
 */
import { z } from 'zod';
import { languageSchema } from './auth.ts';
import { text } from './text.ts';

export const AGREEMENT_KINDS = ['membership_terms', 'pt_contract', 'waiver', 'other'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

/** The placeholders a template's text may name, filled from the member, the sale and the centre. */
export const AGREEMENT_PLACEHOLDERS = [
  'member.name',
  'member.code',
  'member.birthday',
  'member.email',
  'member.phone',
  'centre.name',
  'centre.address',
  'centre.phone',
  'organisation.name',
  'sale.number',
  'sale.total',
  'sale.items',
  'today',
] as const;

/** A link is valid this many days unless the request says otherwise. */
export const SIGNATURE_LINK_DAYS = 7;
/** A member younger than this on the centre's business date signs with a guardian. */
export const ADULT_AGE = 18;
export const SIGNATURE_CHANNELS = ['link', 'pad'] as const;
export const SIGNATURE_REQUEST_STATES = ['pending', 'signed', 'expired', 'revoked', 'replaced'] as const;
export type SignatureRequestState = (typeof SIGNATURE_REQUEST_STATES)[number];
export const SIGNATURE_EVENTS = ['sent', 'opened', 'consented', 'signed'] as const;

export const agreementTemplateSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  kind: z.enum(AGREEMENT_KINDS),
  language: languageSchema,
  title: z.string(),
  body: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type AgreementTemplate = z.infer<typeof agreementTemplateSchema>;
export const agreementTemplateListSchema = z.object({ items: z.array(agreementTemplateSchema) });
export const agreementTemplateListQuerySchema = z.object({
  kind: z.enum(AGREEMENT_KINDS).optional(),
  language: languageSchema.optional(),
});

export const agreementTemplateCreateSchema = z.object({
  code: text().trim().min(1).max(60),
  kind: z.enum(AGREEMENT_KINDS),
  language: languageSchema,
  title: text().trim().min(1).max(200),
  body: text({ multiline: true }).trim().min(1).max(50_000),
});
export type AgreementTemplateCreate = z.infer<typeof agreementTemplateCreateSchema>;
/** A change makes a new version; documents signed on the older one keep naming it. */
export const agreementTemplateUpdateSchema = agreementTemplateCreateSchema.pick({ title: true, body: true });

export const signatureRequestCreateSchema = z.object({
  memberId: z.uuid(),
  templateId: z.uuid(),
  channel: z.enum(SIGNATURE_CHANNELS),
  /** The desk's tablet (`/epad/{padId}`) the document is sent to. */
  padId: text().trim().min(1).max(64).optional(),
  /** The centre whose desk holds that tablet (the sender's); absent: the member's home centre. */
  centerId: z.uuid().optional(),
  /** The sale whose lines and total the template names. */
  invoiceId: z.uuid().optional(),
});
export type SignatureRequestCreate = z.infer<typeof signatureRequestCreateSchema>;
export const signatureRequestCreatedSchema = z.object({
  id: z.uuid(),
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});

export const signatureRequestSchema = z.object({
  id: z.uuid(),
  memberId: z.uuid(),
  templateId: z.uuid(),
  kind: z.enum(AGREEMENT_KINDS),
  title: z.string(),
  channel: z.enum(SIGNATURE_CHANNELS),
  padId: z.string().nullable(),
  state: z.enum(SIGNATURE_REQUEST_STATES),
  expiresAt: z.string(),
  createdAt: z.string(),
  documentId: z.uuid().nullable(),
});
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;

export const signedDocumentSchema = z.object({
  id: z.uuid(),
  memberId: z.uuid(),
  kind: z.enum(AGREEMENT_KINDS),
  title: z.string(),
  language: languageSchema,
  templateVersion: z.number().int(),
  signerName: z.string(),
  guardianName: z.string().nullable(),
  signedAt: z.string(),
  sha256: z.string(),
});
export type SignedDocument = z.infer<typeof signedDocumentSchema>;

export const memberSignaturesQuerySchema = z.object({ memberId: z.uuid() });
export const memberSignaturesSchema = z.object({
  documents: z.array(signedDocumentSchema),
  requests: z.array(signatureRequestSchema),
});
export type MemberSignatures = z.infer<typeof memberSignaturesSchema>;

export const signatureTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/) });

/** What the public page shows: the filled document, in the member's language. */
export const publicSignatureDocumentSchema = z.object({
  organisationName: z.string(),
  centerName: z.string(),
  language: languageSchema,
  kind: z.enum(AGREEMENT_KINDS),
  title: z.string(),
  body: z.string(),
  memberName: z.string(),
  /** The member is a minor on the centre's business date: a guardian signs too. */
  guardianRequired: z.boolean(),
  expiresAt: z.string(),
});
export type PublicSignatureDocument = z.infer<typeof publicSignatureDocumentSchema>;

/** A PNG image, base64 (a `data:image/png;base64,` prefix is allowed), at most ~1 MB. */
const pngSchema = z
  .string()
  .max(1_400_000)
  .regex(/^(data:image\/png;base64,)?[A-Za-z0-9+/=\s]+$/, 'png_base64');

export const signatureSubmitSchema = z.object({
  consent: z.literal(true),
  signerName: text().trim().min(1).max(200),
  signaturePng: pngSchema,
  guardian: z
    .object({
      name: text().trim().min(1).max(200),
      relation: text().trim().min(1).max(60).optional(),
      signaturePng: pngSchema,
    })
    .optional(),
  /** The signer's time zone as their device reports it (for the audit page). */
  timeZone: text().trim().max(64).optional(),
});
export type SignatureSubmit = z.infer<typeof signatureSubmitSchema>;
export const signatureSubmittedSchema = z.object({ documentId: z.uuid() });

export const signatureVerifyRequestSchema = z.object({ pdf: z.string().min(1).max(14_000_000) });
export const signatureVerifySchema = z.object({
  valid: z.boolean(),
  documentId: z.uuid().optional(),
  /** Why it is not valid: no seal, a seal that does not check, or not a document of ours. */
  reason: z.enum(['not_signed', 'signature_invalid', 'not_ours']).optional(),
});
export type SignatureVerify = z.infer<typeof signatureVerifySchema>;

/**
 * The realtime message a tablet hears when staff send it a document: `{action, padId, requestId}`,
 * only to the tablets signed in at that centre under that name. It carries no signing token: the
 * tablet asks for one (`POST /pro/signature-requests/{id}/pad-open`), signed in.
 */
export const PAD_DOCUMENT_ACTION = 'signature.pad_document';
export const signaturePadOpenSchema = z.object({ padId: text().trim().min(1).max(64) });
export type SignaturePadOpen = z.infer<typeof signaturePadOpenSchema>;
export const signaturePadOpenedSchema = z.object({ token: z.string() });
export type SignaturePadOpened = z.infer<typeof signaturePadOpenedSchema>;

/** The organisation's sealing certificate as staff see it (never its key). */
export const signingCertificateSchema = z.object({
  source: z.enum(['self_signed', 'uploaded']),
  subject: z.string(),
  fingerprint: z.string(),
  notAfter: z.string(),
});
export const signingCertificateAnswerSchema = z.object({ certificate: signingCertificateSchema.nullable() });
export const signingCertificateUploadSchema = z.object({
  p12: z.string().min(1).max(200_000),
  passphrase: z.string().max(200),
});
