/**
 * E-signature of agreements: the organisation's templates (every version kept), its sealing
 * certificate (sealed), signature requests (a single-use token stored as its hash), their events
 * chained by hash, and the signed documents (the sealed PDF and its SHA-256 on record).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, optionalReference, reference, tenantKey, tenantTarget } from './columns.ts';
import { members } from './members.ts';
import { invoices } from './sales.ts';
import { centerId, centers, tenantRow, users } from './tenancy.ts';

const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** One version of a template: a change writes the next version and marks this one superseded. */
export const agreementTemplates = pgTable(
  'agreement_templates',
  {
    ...tenantRow(),
    /** The template's name across its languages and versions (`waiver`, `membership_terms`, ...). */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: optionalReference('created_by', () => users.id),
    createdAt: createdAt(),
    supersededAt: instant('superseded_at'),
  },
  (t) => [
    unique('agreement_templates_version').on(t.organisationId, t.code, t.language, t.version),
    check('agreement_templates_kind', sql`${t.kind} in ('membership_terms', 'pt_contract', 'waiver', 'other')`),
    tenantTarget('agreement_templates_org_id', t),
    tenantKey('agreement_templates_org_created_by_fk', t, t.createdBy, users),
  ],
);

/** The organisation's sealing certificate: a PKCS#12 and its passphrase, both sealed with the secrets key. */
export const signingCertificates = pgTable(
  'signing_certificates',
  {
    ...tenantRow(),
    source: text('source').notNull(),
    p12Sealed: text('p12_sealed').notNull(),
    passphraseSealed: text('passphrase_sealed').notNull(),
    subject: text('subject').notNull(),
    fingerprint: text('fingerprint').notNull(),
    notAfter: instant('not_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signing_certificates_org').on(t.organisationId),
    check('signing_certificates_source', sql`${t.source} in ('self_signed', 'uploaded')`),
  ],
);

/**
 * A request to sign one template's version, for one member: by link (a token whose SHA-256 is
 * stored) or on a desk's tablet. The filled text is kept as sent. Used once: `documentId` and the
 * SHA-256 of the submission that used it (a retry of that same submission answers the same document).
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    ...tenantRow(),
    centerId: centerId(),
    memberId: reference('member_id', () => members.id),
    templateId: reference('template_id', () => agreementTemplates.id),
    invoiceId: optionalReference('invoice_id', () => invoices.id),
    channel: text('channel').notNull(),
    padId: text('pad_id'),
    tokenHash: text('token_hash').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdBy: optionalReference('created_by', () => users.id),
    createdAt: instant('created_at').notNull(),
    revokedAt: instant('revoked_at'),
    replacedBy: uuid('replaced_by'),
    openedAt: instant('opened_at'),
    usedAt: instant('used_at'),
    submissionHash: text('submission_hash'),
    documentId: uuid('document_id'),
  },
  (t) => [
    uniqueIndex('signature_requests_token').on(t.tokenHash),
    index('signature_requests_member').on(t.organisationId, t.memberId, t.createdAt),
    check('signature_requests_channel', sql`${t.channel} in ('link', 'pad')`),
    tenantTarget('signature_requests_org_id', t),
    tenantKey('signature_requests_org_center_fk', t, t.centerId, centers),
    tenantKey('signature_requests_org_member_fk', t, t.memberId, members),
    tenantKey('signature_requests_org_template_fk', t, t.templateId, agreementTemplates),
    tenantKey('signature_requests_org_invoice_fk', t, t.invoiceId, invoices),
    tenantKey('signature_requests_org_created_by_fk', t, t.createdBy, users),
  ],
);

/** What happened to a request (sent, opened, consented, signed), each hash chained to the one before. */
export const signatureEvents = pgTable(
  'signature_events',
  {
    ...tenantRow(),
    requestId: reference('request_id', () => signatureRequests.id),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    at: instant('at').notNull(),
    address: text('address'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    unique('signature_events_seq').on(t.requestId, t.seq),
    check('signature_events_type', sql`${t.type} in ('sent', 'opened', 'consented', 'signed')`),
    tenantKey('signature_events_org_request_fk', t, t.requestId, signatureRequests),
  ],
);

/** A signed agreement: the sealed PDF and the SHA-256 of its bytes (what verification looks up). */
export const signedDocuments = pgTable(
  'signed_documents',
  {
    ...tenantRow(),
    centerId: centerId(),
    memberId: reference('member_id', () => members.id),
    requestId: reference('request_id', () => signatureRequests.id),
    templateId: reference('template_id', () => agreementTemplates.id),
    templateVersion: integer('template_version').notNull(),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    signerName: text('signer_name').notNull(),
    guardianName: text('guardian_name'),
    signedAt: instant('signed_at').notNull(),
    sha256: text('sha256').notNull(),
    pdf: bytes('pdf').notNull(),
  },
  (t) => [
    uniqueIndex('signed_documents_request').on(t.requestId),
    uniqueIndex('signed_documents_sha256').on(t.organisationId, t.sha256),
    // The door's "waiver signed" rule and the sale's "terms signed" rule: one indexed lookup.
    index('signed_documents_member_kind').on(t.organisationId, t.memberId, t.kind),
    tenantTarget('signed_documents_org_id', t),
    tenantKey('signed_documents_org_center_fk', t, t.centerId, centers),
    tenantKey('signed_documents_org_member_fk', t, t.memberId, members),
    tenantKey('signed_documents_org_request_fk', t, t.requestId, signatureRequests),
    tenantKey('signed_documents_org_template_fk', t, t.templateId, agreementTemplates),
  ],
);
