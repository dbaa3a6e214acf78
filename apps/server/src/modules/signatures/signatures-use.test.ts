/**
 * Where signed agreements are used: the door's "waiver signed" rule (refused with the reason until
 * the member signs) and a sale of a membership that needs the membership terms signed.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../db/schema/index.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import type { Headers, TestContext, TestOrganisation } from '../../test/harness.ts';
import { type SellingCatalogue, startSelling } from '../../test/selling-catalogue.ts';
import { installDefaultTemplates } from './templates.ts';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let ctx: TestContext, org: TestOrganisation, manager: Headers, centerA: string, cat: SellingCatalogue;
let templates: { id: string; code: string; language: string }[];
let cardSeq = 0;

beforeAll(async () => {
  ({ ctx, org, manager, centerA, cat } = await startSelling());
  await runCommand(ctx.deps, systemCaller(org.id, 'test'), installDefaultTemplates, {});
  templates = (await ctx.pro('GET', '/agreement-templates?language=en', manager)).json().items;
});
afterAll(() => ctx?.close());

async function setConfig(body: Record<string, unknown>) {
  await ctx.database.db
    .update(organisations)
    .set({ settings: sql`${organisations.settings} || ${JSON.stringify(body)}::jsonb` })
    .where(eq(organisations.id, org.id));
}
const sell = (memberId: string) =>
  ctx.pro('POST', `/students/${memberId}/sales`, manager, {
    centerId: centerA,
    lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
  });
async function sign(memberId: string, code: string) {
  const sent = await ctx.pro('POST', '/signature-requests', manager, {
    memberId,
    templateId: templates.find((t) => t.code === code)!.id,
    channel: 'link',
  });
  const signed = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public/signatures/${sent.json().token}`,
    payload: { consent: true, signerName: 'Signer', signaturePng: PNG },
  });
  expect(signed.statusCode, signed.body).toBe(201);
}

describe('the door’s “waiver signed” rule', () => {
  it('refuses a member with a membership but no signed waiver, with the reason, once the organisation asks for it', async () => {
    const card = `W${Date.now().toString(36).toUpperCase()}${++cardSeq}`;
    const member = await org.newMember({ cardNumber: card, firstName: 'Wai', lastName: 'Chan' });
    expect((await sell(member.id)).statusCode).toBe(201);
    const tap = () => ctx.pro('POST', `/card/${card}/entry/`, manager, { center_id: centerA });
    await setConfig({ duplicateTapWindowSeconds: 0 });
    expect((await tap()).json()).toMatchObject({ result: 'granted' });
    await setConfig({ entryRequiresWaiver: true });
    try {
      const refused = (await tap()).json();
      expect(refused).toMatchObject({ result: 'denied', reason: 'agreement_missing' });
      expect(refused.message).toContain('signed agreement missing');
      // Another kind of agreement is not the waiver.
      await sign(member.id, 'pt_contract');
      expect((await tap()).json()).toMatchObject({ reason: 'agreement_missing' });
      await sign(member.id, 'waiver');
      expect((await tap()).json()).toMatchObject({ result: 'granted' });
    } finally {
      await setConfig({ entryRequiresWaiver: false, duplicateTapWindowSeconds: 60 });
    }
  });
});

describe('a sale that needs the membership terms signed', () => {
  it('refuses a membership until the terms are signed, naming the member', async () => {
    const member = await org.newMember();
    await setConfig({ saleRequiresMembershipTerms: true });
    try {
      const refused = await sell(member.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        error: 'membership_terms_unsigned',
        fields: [{ path: 'memberId', code: 'membership_terms_unsigned' }],
      });
      await sign(member.id, 'membership_terms');
      expect((await sell(member.id)).statusCode).toBe(201);
    } finally {
      await setConfig({ saleRequiresMembershipTerms: false });
    }
  });
});
