/**
 * E-signatures: templates (versions kept), requests by link (single-use token, 7 days, revoke,
 * resend replaces), the public page's read and signing (410 once used, expired or revoked; a minor
 * signs with a guardian; a retried submission makes one document), the chained events, the sealed
 * PDF and its verification.
 */
import { LANGUAGES } from '@gym/contract/constants';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, signedDocuments } from '../../db/schema/index.ts';
import { type SettableClock, settableClock } from '../../lib/clock.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import { createTestContext, type Headers, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { allText, pdfText } from '../../test/pdf-text.ts';
import { chainHolds, eventsOf } from './events.ts';
import { installDefaultTemplates } from './templates.ts';

/** A 1 × 1 PNG: what a drawn signature sends. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let ctx: TestContext;
let org: TestOrganisation;
let desk: Headers;
let clock: SettableClock;
let templates: { id: string; code: string; language: string; kind: string }[];

beforeAll(async () => {
  clock = settableClock('2026-03-02T02:00:00Z');
  ctx = await createTestContext({ PUBLIC_URL: 'https://gym.example' }, { clock });
  org = await ctx.newOrganisation({ name: 'Harbour Fitness' });
  desk = await org.signIn('frontdesk');
  await runCommand(ctx.deps, systemCaller(org.id, 'test'), installDefaultTemplates, {});
  templates = (await ctx.pro('GET', '/agreement-templates', desk)).json().items;
});
afterAll(() => ctx?.close());

const template = (code: string, language = 'en') => templates.find((t) => t.code === code && t.language === language)!;
const publicCall = (method: 'GET' | 'POST', token: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method,
    url: `/api/v1/public/signatures/${token}`,
    payload,
    headers: {
      'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) Version/17.4 Mobile/15E148 Safari/604.1',
      ...headers,
    },
    remoteAddress: '198.51.100.20',
  });
const signature = (name = 'Mary Wong', extra: object = {}) => ({
  consent: true,
  signerName: name,
  signaturePng: PNG,
  timeZone: 'Asia/Hong_Kong',
  ...extra,
});
async function request(memberId: string, code = 'waiver', language = 'en') {
  const res = await ctx.pro('POST', '/signature-requests', desk, {
    memberId,
    templateId: template(code, language).id,
    channel: 'link',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; token: string; url: string; expiresAt: string };
}
const documentsOf = async (memberId: string) =>
  (await ctx.database.db.select({ n: count() }).from(signedDocuments).where(eq(signedDocuments.memberId, memberId)))[0]!
    .n;

describe('agreement templates', () => {
  it('start with a waiver, membership terms and a PT contract in the five languages', () => {
    for (const code of ['waiver', 'membership_terms', 'pt_contract'])
      expect(
        templates
          .filter((t) => t.code === code)
          .map((t) => t.language)
          .sort(),
      ).toEqual([...LANGUAGES].sort());
  });

  it('a change makes the next version; the one before is no longer offered', async () => {
    const created = await ctx.pro('POST', '/agreement-templates', desk, {
      code: 'locker',
      kind: 'other',
      language: 'en',
      title: 'Locker rules',
      body: 'Lockers are emptied at closing, {{member.name}}.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const changed = await ctx.pro('PATCH', `/agreement-templates/${created.json().id}`, desk, {
      title: 'Locker rules',
      body: 'Lockers are emptied every night, {{member.name}}.',
    });
    expect(changed.json()).toMatchObject({ version: 2, code: 'locker' });
    const listed = (await ctx.pro('GET', '/agreement-templates?kind=other', desk)).json().items;
    expect(listed.map((t: { version: number }) => t.version)).toEqual([2]);
    const old = await ctx.pro('POST', '/signature-requests', desk, {
      memberId: (await org.newMember()).id,
      templateId: created.json().id,
      channel: 'link',
    });
    expect(old.statusCode).toBe(422);
    expect(old.json().fields[0]).toMatchObject({ path: 'templateId', code: 'template_superseded' });
  });
});

describe('signing by link', () => {
  it('a random single-use token valid 7 days; the page shows the filled text and records it opened', async () => {
    const member = await org.newMember({ firstName: 'Mary', lastName: 'Wong' });
    const link = await request(member.id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toBe(`https://gym.example/signature/${link.token}/`);
    expect(link.expiresAt).toBe(new Date(clock.now().getTime() + 7 * 86_400_000).toISOString());
    const page = await publicCall('GET', link.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ title: 'Liability waiver', memberName: 'Mary Wong', guardianRequired: false });
    expect(page.json().body).toContain(`I, Mary Wong (member ${member.code})`);
    expect(page.json().body).toContain('Harbour Fitness');
    expect(page.json().body).not.toContain('{{');
  });

  it('signing makes one sealed document; a retry answers it again; another submission is refused 410', async () => {
    const member = await org.newMember({ firstName: 'Mary', lastName: 'Wong' });
    const link = await request(member.id);
    const first = await publicCall('POST', link.token, signature());
    expect(first.statusCode, first.body).toBe(201);
    const again = await publicCall('POST', link.token, signature());
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().documentId).toBe(first.json().documentId);
    const other = await publicCall('POST', link.token, signature('Someone Else'));
    expect(other.statusCode).toBe(410);
    expect(other.json().error).toBe('signature_link_used');
    expect((await publicCall('GET', link.token)).json().error).toBe('signature_link_used');
    expect(await documentsOf(member.id)).toBe(1);
  });

  it('the same Idempotency-Key sent twice at once makes one document', async () => {
    const member = await org.newMember();
    const link = await request(member.id);
    const key = { 'idempotency-key': 'sign-once-1' };
    const [a, b] = await Promise.all([
      publicCall('POST', link.token, signature(), key),
      publicCall('POST', link.token, signature(), key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().documentId).toBe(b.json().documentId);
    expect(await documentsOf(member.id)).toBe(1);
  });

  it('an expired, revoked or replaced link cannot sign (410)', async () => {
    const member = await org.newMember();
    const revoked = await request(member.id);
    expect((await ctx.pro('POST', `/signature-requests/${revoked.id}/revoke`, desk)).statusCode).toBe(204);
    const refused = await publicCall('POST', revoked.token, signature());
    expect([refused.statusCode, refused.json().error]).toEqual([410, 'signature_link_revoked']);

    const replaced = await request(member.id);
    const resent = await ctx.pro('POST', `/signature-requests/${replaced.id}/resend`, desk);
    expect(resent.statusCode, resent.body).toBe(201);
    expect((await publicCall('POST', replaced.token, signature())).json().error).toBe('signature_link_revoked');

    const expired = await request(member.id, 'membership_terms');
    clock.set(new Date(clock.now().getTime() + 7 * 86_400_000 + 1000));
    try {
      const late = await publicCall('POST', expired.token, signature());
      expect([late.statusCode, late.json().error]).toEqual([410, 'signature_link_expired']);
    } finally {
      clock.set(new Date(clock.now().getTime() - 7 * 86_400_000 - 1000));
    }
    expect(await documentsOf(member.id)).toBe(0);
    // The resent link still signs.
    expect((await publicCall('POST', resent.json().token, signature())).statusCode).toBe(201);
  });

  it('a member under 18 on the centre’s business date signs with a guardian', async () => {
    const member = await org.newMember({ firstName: 'Tom', lastName: 'Young' });
    // 18 the day after the test's business date in the centre's time zone.
    await ctx.database.db.update(members).set({ birthday: '2008-03-03' }).where(eq(members.id, member.id));
    const link = await request(member.id);
    expect((await publicCall('GET', link.token)).json().guardianRequired).toBe(true);
    const alone = await publicCall('POST', link.token, signature('Tom Young'));
    expect(alone.statusCode).toBe(422);
    expect(alone.json().fields[0]).toMatchObject({ path: 'guardian', code: 'guardian_required' });
    const withGuardian = await publicCall(
      'POST',
      link.token,
      signature('Tom Young', { guardian: { name: 'Ann Young', relation: 'mother', signaturePng: PNG } }),
    );
    expect(withGuardian.statusCode, withGuardian.body).toBe(201);
    const text = allText(
      await pdfText((await ctx.pro('GET', `/signed-documents/${withGuardian.json().documentId}/pdf`, desk)).rawPayload),
    );
    expect(text).toContain('Ann Young (mother)');
  });
});

describe('the signed PDF', () => {
  let member: { id: string };
  let documentId: string;
  let pdf: Buffer;
  let requestId: string;
  beforeAll(async () => {
    member = await org.newMember({ firstName: 'Anna', lastName: 'Schmidt' });
    const link = await request(member.id, 'waiver', 'de');
    requestId = link.id;
    await publicCall('GET', link.token);
    documentId = (await publicCall('POST', link.token, signature('Anna Schmidt'))).json().documentId;
    const res = await ctx.pro('GET', `/signed-documents/${documentId}/pdf`, desk);
    expect(res.headers['content-type']).toBe('application/pdf');
    pdf = res.rawPayload;
  });

  it('holds the text, the signer, and an audit page with the device, the chained events and both hashes', async () => {
    const text = allText(await pdfText(pdf));
    expect(text).toContain('Haftungsverzicht');
    expect(text).toContain('Anna Schmidt');
    expect(text).toContain('Prüfprotokoll');
    expect(text).toContain('198.51.100.20');
    expect(text).toContain('Safari 17 on iPadOS 17 (tablet)');
    expect(text).toContain('Asia/Hong_Kong');
    expect(text).toContain('SHA-256 des Dokuments vor der Unterschrift');
    for (const name of ['gesendet', 'geöffnet', 'eingewilligt', 'unterschrieben']) expect(text).toContain(name);
    const events = await eventsOf(tenantDb(ctx.database.db, { organisationId: org.id, centerIds: null }), requestId);
    expect(events.map((e) => e.type)).toEqual(['sent', 'opened', 'consented', 'signed']);
    expect(chainHolds(requestId, events)).toBe(true);
    for (const e of events) expect(text).toContain(e.hash);
    expect(chainHolds(requestId, [events[0]!, { ...events[1]!, address: '203.0.113.9' }, ...events.slice(2)])).toBe(
      false,
    );
  });

  it('verifies as ours; a byte changed anywhere, or the seal removed, does not', async () => {
    const verify = (bytes: Buffer) =>
      ctx.pro('POST', '/signed-documents/verify', desk, { pdf: bytes.toString('base64') });
    expect((await verify(pdf)).json()).toEqual({ valid: true, documentId });
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf('Anna Schmidt');
    tampered[at] = 'E'.charCodeAt(0);
    expect((await verify(tampered)).json()).toEqual({ valid: false, reason: 'signature_invalid' });
    const appended = Buffer.concat([pdf, Buffer.from('\n% added\n')]);
    expect((await verify(appended)).json()).toMatchObject({ valid: false });
    const unsigned = Buffer.from('%PDF-1.7\n%%EOF\n');
    expect((await verify(unsigned)).json()).toEqual({ valid: false, reason: 'not_signed' });
  });

  it('another organisation’s valid document is not one of ours', async () => {
    const other = await ctx.newOrganisation();
    const otherDesk = await other.signIn('frontdesk');
    const res = await ctx.pro('POST', '/signed-documents/verify', otherDesk, { pdf: pdf.toString('base64') });
    expect(res.json()).toEqual({ valid: false, reason: 'not_ours' });
  });

  it('is listed on the member’s file', async () => {
    const res = await ctx.pro('GET', `/signed-documents?memberId=${member.id}`, desk);
    expect(res.json().documents).toEqual([
      expect.objectContaining({ id: documentId, kind: 'waiver', language: 'de', signerName: 'Anna Schmidt' }),
    ]);
    expect(res.json().requests[0]).toMatchObject({ state: 'signed', documentId });
  });
});
