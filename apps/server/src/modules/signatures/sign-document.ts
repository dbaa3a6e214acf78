/**
 * The public signing page's read and submission, found by the token in its address (the one read
 * before the organisation is known), then run for that organisation (`publicCaller`).
 * - Reading records `opened` the first time.
 * - Signing records `consented` and `signed`, makes the signed PDF, seals it and stores it with its
 *   SHA-256, under the request's row lock: a used, expired or revoked token answers 410; the same
 *   submission again (a retry: the same body) answers the document it made.
 * - A member younger than 18 on the centre's business date signs with a guardian.
 */
import { createHash } from 'node:crypto';
import { LANGUAGES, type Language } from '@gym/contract/constants';
import { ADULT_AGE, type SignatureSubmit } from '@gym/contract/signatures';
import { ageOn, businessDate, isValidTimeZone } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import {
  agreementTemplates,
  centers,
  members,
  organisations,
  signatureRequests,
  signedDocuments,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { cjkFontBytes } from '../../lib/pdf-font.ts';
import { type TenantDb, tenantDb } from '../../lib/tenant-db.ts';
import type { PublicContext } from '../../lib/use-case.ts';
import { vaultOf } from '../../lib/vault.ts';
import { type SignatureRequestRow, tokenHashOf } from './create-signature-request.ts';
import { deviceOf } from './device.ts';
import { appendSignatureEvent, eventsOf } from './events.ts';
import { PDF_WORDS } from './pdf-words.ts';
import { type Certificate, organisationCertificate, seal } from './seal.ts';
import { type SignerFacts, signedPages, withAuditPage } from './signed-pdf.ts';

/** The request a token names (any organisation's: the token is its only public name), or 404. */
export async function requestByToken(deps: AppDeps, token: string): Promise<SignatureRequestRow> {
  const [row] = await deps.database.db
    .select()
    .from(signatureRequests)
    .where(eq(signatureRequests.tokenHash, tokenHashOf(token)));
  if (!row) throw notFound('signature request');
  return row;
}

export const gone = (
  code: 'signature_link_used' | 'signature_link_expired' | 'signature_link_revoked',
  message: string,
) => new AppError(410, code, message);

/** 410 for a token that can no longer sign. */
export function refuseClosed(row: SignatureRequestRow, now: Date) {
  if (row.usedAt) throw gone('signature_link_used', 'This document has already been signed');
  if (row.revokedAt) throw gone('signature_link_revoked', 'This signing link was withdrawn by the centre');
  if (row.expiresAt <= now) throw gone('signature_link_expired', 'This signing link has expired');
}

export async function facts(db: TenantDb, row: SignatureRequestRow) {
  const [found] = await db.wholeOrganisation
    .select({ member: members, center: centers, organisation: organisations, template: agreementTemplates })
    .from(members)
    .innerJoin(centers, eq(centers.id, row.centerId))
    .innerJoin(organisations, eq(organisations.id, members.organisationId))
    .innerJoin(agreementTemplates, eq(agreementTemplates.id, row.templateId))
    .where(eq(members.id, row.memberId));
  return found!;
}

export const isMinor = (birthday: string | null, day: string) => birthday !== null && ageOn(birthday, day) < ADULT_AGE;

export interface SigningMeta {
  token: string;
  address: string | null;
  userAgent: string | null;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function pngOf(base64: string, path: string): Buffer {
  const bytes = Buffer.from(base64.replace(/^data:image\/png;base64,/, ''), 'base64');
  if (bytes.length < 64 || !bytes.subarray(0, 8).equals(PNG_MAGIC))
    throw new AppError(400, 'validation_failed', 'The signature must be a PNG image', [
      { path, code: 'png_invalid', message: 'The signature must be a PNG image' },
    ]);
  return bytes;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** What makes two submissions the same one (a retry): the token and the body as sent. */
export const submissionHashOf = (token: string, body: SignatureSubmit) => sha256(`${token}\n${JSON.stringify(body)}`);

/**
 * The organisation's sealing certificate, opened (made at its first use). Read before the signing
 * command: the vault's key is read through the server's own connection, which a transaction holds.
 */
export async function certificateFor(deps: AppDeps, organisationId: string): Promise<Certificate> {
  const db = tenantDb(deps.database.db, { organisationId, centerIds: null });
  const [org] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return organisationCertificate(db, vaultOf(deps.database.db, deps.config), org!.name, deps.clock.now());
}

export async function signDocument(
  ctx: PublicContext,
  input: SigningMeta & { body: SignatureSubmit; certificate: Certificate },
): Promise<{ documentId: string }> {
  const { body } = input;
  const [row] = await ctx.db.lock(signatureRequests, eq(signatureRequests.tokenHash, tokenHashOf(input.token)));
  if (!row) throw notFound('signature request');
  const submission = submissionHashOf(input.token, body);
  if (row.usedAt && row.documentId && row.submissionHash === submission) return { documentId: row.documentId };
  const now = ctx.clock.now();
  refuseClosed(row, now);
  const f = await facts(ctx.db, row);
  const day = businessDate(now, f.center.timeZone);
  if (isMinor(f.member.birthday, day) && !body.guardian)
    throw new AppError(422, 'business_rule', 'A guardian signs for a member under 18', [
      { path: 'guardian', code: 'guardian_required', message: 'A guardian signs for a member under 18' },
    ]);
  const memberPng = pngOf(body.signaturePng, 'signaturePng');
  const guardianPng = body.guardian ? pngOf(body.guardian.signaturePng, 'guardian.signaturePng') : null;
  const timeZone = body.timeZone && isValidTimeZone(body.timeZone) ? body.timeZone : f.center.timeZone;
  const device = deviceOf(input.userAgent);

  await appendSignatureEvent(ctx.db, row.id, {
    type: 'consented',
    at: now,
    address: input.address,
    userAgent: input.userAgent,
    detail: { consent: true, timeZone },
  });
  const signed = await appendSignatureEvent(ctx.db, row.id, {
    type: 'signed',
    at: now,
    address: input.address,
    userAgent: input.userAgent,
    detail: {
      signerName: body.signerName,
      ...(body.guardian ? { guardianName: body.guardian.name } : {}),
      signatureSha256: sha256(memberPng),
    },
  });

  const language = ((LANGUAGES as readonly string[]).includes(row.language) ? row.language : 'en') as Language;
  const words = PDF_WORDS[language];
  const signerBase = { address: input.address, device, timeZone, consentAt: now };
  const signers: SignerFacts[] = [
    { role: 'member', name: body.signerName, png: memberPng, ...signerBase },
    ...(body.guardian && guardianPng
      ? [
          {
            role: 'guardian' as const,
            name: body.guardian.name,
            relation: body.guardian.relation ?? null,
            png: guardianPng,
            ...signerBase,
          },
        ]
      : []),
  ];
  const signedAtText = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'long', timeZone }).format(
    now,
  );
  const font = cjkFontBytes();
  const pages = await signedPages(
    {
      title: row.title,
      body: row.body,
      organisationName: f.organisation.name,
      centerName: f.center.name,
      signedAt: now,
      signedAtText,
      signers,
    },
    words,
    font,
  );
  const [documentRow] = await ctx.db
    .insert(signedDocuments)
    .values({
      organisationId: ctx.auth.organisationId,
      centerId: row.centerId,
      memberId: row.memberId,
      requestId: row.id,
      templateId: row.templateId,
      templateVersion: f.template.version,
      kind: f.template.kind,
      language,
      title: row.title,
      signerName: body.signerName,
      guardianName: body.guardian?.name ?? null,
      signedAt: now,
      // Written once the sealed file exists (the id is named on its audit page).
      sha256: `pending:${row.id}`,
      pdf: Buffer.alloc(0),
    })
    .returning();
  const events = await eventsOf(ctx.db, row.id);
  const doc = await withAuditPage(
    pages,
    {
      documentId: documentRow!.id,
      templateCode: f.template.code,
      templateVersion: f.template.version,
      language,
      signers,
      events: events.map((e) => ({
        seq: e.seq,
        type: e.type as 'sent',
        at: e.at.toISOString(),
        address: e.address,
        hash: e.hash,
      })),
      hashBefore: sha256(`${row.title}\n\n${row.body}`),
      hashAfter: sha256(pages),
    },
    words,
    font,
  );
  const sealed = await seal(doc, input.certificate, {
    reason: `${row.title} — ${body.signerName}`,
    name: f.organisation.name,
    location: f.center.name,
    contact: f.center.email ?? f.center.phone ?? f.organisation.name,
    at: now,
  });
  await ctx.db.update(
    signedDocuments,
    { pdf: sealed, sha256: sha256(sealed) },
    eq(signedDocuments.id, documentRow!.id),
  );
  await ctx.db.update(
    signatureRequests,
    { usedAt: now, submissionHash: submission, documentId: documentRow!.id },
    eq(signatureRequests.id, row.id),
  );
  ctx.emit({
    type: 'signature.signed',
    organisationId: ctx.auth.organisationId,
    centerId: row.centerId,
    payload: {
      memberId: row.memberId,
      documentId: documentRow!.id,
      requestId: row.id,
      padId: row.padId,
      eventHash: signed.hash,
    },
  });
  return { documentId: documentRow!.id };
}
