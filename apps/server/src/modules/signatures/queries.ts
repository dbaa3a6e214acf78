/** Reads of the signatures module: a member's documents and requests, a document's PDF, a PDF's verification. */
import { createHash } from 'node:crypto';
import type { Language } from '@gym/contract/constants';
import type {
  AgreementKind,
  MemberSignatures,
  SignatureRequestState,
  SignatureVerify,
  SignedDocument,
} from '@gym/contract/signatures';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { agreementTemplates, members, signatureRequests, signedDocuments } from '../../db/schema/index.ts';
import { notFound, notFoundAt } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import type { SignatureRequestRow } from './create-signature-request.ts';
import { checkSeal } from './seal.ts';

type DocumentRow = typeof signedDocuments.$inferSelect;

const documentView = (d: Omit<DocumentRow, 'pdf'>): SignedDocument => ({
  id: d.id,
  memberId: d.memberId,
  kind: d.kind as AgreementKind,
  title: d.title,
  language: d.language as Language,
  templateVersion: d.templateVersion,
  signerName: d.signerName,
  guardianName: d.guardianName,
  signedAt: d.signedAt.toISOString(),
  sha256: d.sha256,
});

export function requestState(r: SignatureRequestRow, now: Date): SignatureRequestState {
  if (r.usedAt) return 'signed';
  if (r.replacedBy) return 'replaced';
  if (r.revokedAt) return 'revoked';
  if (r.expiresAt <= now) return 'expired';
  return 'pending';
}

const { pdf: _pdf, ...documentColumns } = getTableColumns(signedDocuments);

export async function memberSignatures(ctx: QueryContext, memberId: string): Promise<MemberSignatures> {
  const member = await ctx.db.first(members, eq(members.id, memberId));
  if (!member) throw notFoundAt('memberId', 'Member');
  const documents = await ctx.db
    .select(documentColumns)
    .from(signedDocuments)
    .where(ctx.db.where(signedDocuments, eq(signedDocuments.memberId, memberId)))
    .orderBy(desc(signedDocuments.signedAt));
  const requests = await ctx.db
    .select({ r: signatureRequests, kind: agreementTemplates.kind })
    .from(signatureRequests)
    .innerJoin(agreementTemplates, eq(agreementTemplates.id, signatureRequests.templateId))
    .where(ctx.db.where(signatureRequests, eq(signatureRequests.memberId, memberId)))
    .orderBy(desc(signatureRequests.createdAt))
    .limit(100);
  const now = ctx.clock.now();
  return {
    documents: documents.map(documentView),
    requests: requests.map(({ r, kind }) => ({
      id: r.id,
      memberId: r.memberId,
      templateId: r.templateId,
      kind: kind as AgreementKind,
      title: r.title,
      channel: r.channel as 'link',
      padId: r.padId,
      state: requestState(r, now),
      expiresAt: r.expiresAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      documentId: r.documentId,
    })),
  };
}

export async function documentPdf(ctx: QueryContext, id: string): Promise<{ pdf: Buffer; title: string }> {
  const doc = await ctx.db.first(signedDocuments, eq(signedDocuments.id, id));
  if (!doc) throw notFound('signed document');
  return { pdf: doc.pdf, title: doc.title };
}

/** Valid: the seal checks over the whole file and its SHA-256 is one of the organisation's signed documents. */
export async function verifyPdf(ctx: QueryContext, pdf: Buffer): Promise<SignatureVerify> {
  const seal = checkSeal(pdf);
  if (seal !== 'valid') return { valid: false, reason: seal };
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  // The whole organisation: a document of another centre is still one of ours.
  const [doc] = await ctx.db.wholeOrganisation
    .select({ id: signedDocuments.id })
    .from(signedDocuments)
    .where(ctx.db.whereOrganisation(signedDocuments, eq(signedDocuments.sha256, sha256)));
  if (!doc) return { valid: false, reason: 'not_ours' };
  return { valid: true, documentId: doc.id };
}

/** Whether the member has signed an agreement of this kind: one indexed lookup (the door, the sale). */
export async function hasSigned(db: TenantDb, memberId: string, kind: AgreementKind): Promise<boolean> {
  const [row] = await db.wholeOrganisation
    .select({ id: signedDocuments.id })
    .from(signedDocuments)
    .where(
      db.whereOrganisation(
        signedDocuments,
        and(eq(signedDocuments.memberId, memberId), eq(signedDocuments.kind, kind)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
