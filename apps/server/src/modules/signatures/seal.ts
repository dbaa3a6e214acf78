/**
 * The organisation's seal: a PKCS#7 (CMS, `adbe.pkcs7.detached`) signature over the PDF's byte
 * ranges, made with its certificate: one it uploaded as a PKCS#12, else a self-signed one made at
 * the first signing (RSA 2048, SHA-256, ten years). The PKCS#12 and its passphrase are stored
 * sealed with the server's secrets key, bound to the organisation (`lib/vault.ts`).
 * `checkSeal` checks such a signature: the byte ranges cover the whole file, their SHA-256 is the
 * signed digest, and the signature over the signed attributes holds for the certificate in it.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { extractSignature } from '@signpdf/utils';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';
import { signingCertificates } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import type { Vault } from '../../lib/vault.ts';

export interface Certificate {
  p12: Buffer;
  passphrase: string;
}

const invalidP12 = (message: string) =>
  new AppError(400, 'validation_failed', message, [{ path: 'p12', code: 'p12_invalid', message }]);

/** The subject, fingerprint and end of validity of the certificate in a PKCS#12 (400 naming `p12` when it does not open). */
export function describeP12(p12: Buffer, passphrase: string) {
  let bags: forge.pkcs12.Pkcs12Pfx;
  try {
    bags = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase);
  } catch {
    throw invalidP12('Not a PKCS#12 file, or the passphrase is wrong');
  }
  const bagsOf = (type: string | undefined) => bags.getBags({ bagType: type as string })[type as string] ?? [];
  const certs = bagsOf(forge.pki.oids.certBag);
  const keys = [...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(forge.pki.oids.keyBag)];
  const cert = certs[0]?.cert;
  if (!cert || keys.length === 0) throw invalidP12('The PKCS#12 file must hold a certificate and its private key');
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    subject: cert.subject.attributes
      .map((a: forge.pki.CertificateField) => `${a.shortName ?? a.name}=${a.value}`)
      .join(', '),
    fingerprint: createHash('sha256').update(Buffer.from(der, 'binary')).digest('hex'),
    notAfter: cert.validity.notAfter,
  };
}

/** A self-signed sealing certificate for the organisation, as a PKCS#12 with a random passphrase. */
export function selfSignedCertificate(organisationName: string, now: Date): Certificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const name = forge.util.encodeUtf8(organisationName.slice(0, 64) || 'Organisation');
  const attrs = [
    { name: 'commonName', value: name, valueTagClass: forge.asn1.Type.UTF8 },
    { name: 'organizationName', value: name, valueTagClass: forge.asn1.Type.UTF8 },
  ] as unknown as forge.pki.CertificateField[];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase };
}

/** Stores the organisation's certificate sealed (replacing the one it had). */
export async function storeCertificate(
  db: TenantDb,
  vault: Vault,
  source: 'self_signed' | 'uploaded',
  cert: Certificate,
) {
  const { organisationId } = db.auth;
  const facts = describeP12(cert.p12, cert.passphrase);
  const row = {
    source,
    p12Sealed: await vault.seal(cert.p12.toString('base64'), organisationId),
    passphraseSealed: await vault.seal(cert.passphrase, organisationId),
    ...facts,
  };
  await db.delete(signingCertificates, eq(signingCertificates.organisationId, organisationId));
  const [stored] = await db.insert(signingCertificates, row);
  return stored!;
}

/** The organisation's certificate, made (self-signed) and stored at its first use. */
export async function organisationCertificate(
  db: TenantDb,
  vault: Vault,
  organisationName: string,
  now: Date,
): Promise<Certificate> {
  let row = await db.first(signingCertificates);
  if (!row) {
    const made = selfSignedCertificate(organisationName, now);
    // Two first signings at once: one certificate is kept (the unique index), the other's dropped.
    const { organisationId } = db.auth;
    await db
      .insert(signingCertificates)
      .values({
        organisationId,
        source: 'self_signed',
        p12Sealed: await vault.seal(made.p12.toString('base64'), organisationId),
        passphraseSealed: await vault.seal(made.passphrase, organisationId),
        ...describeP12(made.p12, made.passphrase),
      })
      .onConflictDoNothing();
    row = await db.first(signingCertificates);
  }
  const { organisationId } = db.auth;
  return {
    p12: Buffer.from(await vault.open(row!.p12Sealed, organisationId), 'base64'),
    passphrase: await vault.open(row!.passphraseSealed, organisationId),
  };
}

/** The document sealed: a signature placeholder added, saved, and signed over its byte ranges. */
export async function seal(
  doc: PDFDocument,
  cert: Certificate,
  facts: { reason: string; name: string; location: string; contact: string; at: Date },
): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: facts.reason,
    name: facts.name,
    location: facts.location,
    contactInfo: facts.contact,
    signingTime: facts.at,
    appName: 'gym back office',
  });
  const bytes = await doc.save({ useObjectStreams: false });
  const signer = new P12Signer(cert.p12, { passphrase: cert.passphrase });
  return new SignPdf().sign(Buffer.from(bytes), signer, facts.at);
}

/** Whether the PDF carries a PKCS#7 seal that checks over byte ranges covering the whole file. */
export function checkSeal(pdf: Buffer): 'valid' | 'not_signed' | 'signature_invalid' {
  let extracted: { ByteRange: number[]; signature: string; signedData: Buffer };
  try {
    extracted = extractSignature(pdf);
  } catch {
    return 'not_signed';
  }
  try {
    const [start, firstLength, second, secondLength] = extracted.ByteRange as [number, number, number, number];
    // Bytes outside the ranges (other than the signature itself) would be unchecked: an update appended after it.
    if (start !== 0 || second + secondLength !== pdf.length || second <= firstLength) return 'signature_invalid';
    const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(extracted.signature)) as unknown as {
      certificates: forge.pki.Certificate[];
      rawCapture: { authenticatedAttributes?: forge.asn1.Asn1[]; signature: string };
    };
    const attributes = message.rawCapture.authenticatedAttributes;
    const cert = message.certificates[0];
    if (!attributes || !cert) return 'signature_invalid';
    const digestAttribute = attributes.find(
      (a) => forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0]!.value as string) === forge.pki.oids.messageDigest,
    );
    if (!digestAttribute) return 'signature_invalid';
    const signedDigest = ((digestAttribute.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value;
    const digest = createHash('sha256').update(extracted.signedData).digest('binary');
    if (signedDigest !== digest) return 'signature_invalid';
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
    const md = forge.md.sha256.create();
    md.update(forge.asn1.toDer(set).getBytes());
    const ok = (cert.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().bytes(), message.rawCapture.signature);
    return ok ? 'valid' : 'signature_invalid';
  } catch {
    return 'signature_invalid';
  }
}
