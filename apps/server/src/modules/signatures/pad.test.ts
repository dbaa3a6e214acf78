/**
 * A document sent to a desk's tablet (`/epad/{id}`): only the tablets signed in under that name at
 * that centre hear it, and what they hear carries no signing token; the tablet asks for one,
 * signed in. Over real connections.
 */
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { PAD_DOCUMENT_ACTION } from '@gym/contract/signatures';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../db/schema/index.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import { createTestContext, type Headers, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { installDefaultTemplates } from './templates.ts';

let ctx: TestContext;
let address = '';
let org: TestOrganisation;
let other: TestOrganisation;
let desk: Headers;
let waiverId = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  org = await ctx.newOrganisation({ name: 'Harbour Fitness' });
  other = await ctx.newOrganisation({ name: 'Other Gym' });
  desk = await org.signIn('frontdesk');
  await runCommand(ctx.deps, systemCaller(org.id, 'test'), installDefaultTemplates, {});
  const templates = (await ctx.pro('GET', '/agreement-templates', desk)).json().items as {
    id: string;
    code: string;
    language: string;
  }[];
  waiverId = templates.find((t) => t.code === 'waiver' && t.language === 'en')!.id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

type Handshake = { token: string; center_id?: string; pad?: string };

async function open(auth: Handshake) {
  const socket = connect(address, { auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const heard: Record<string, unknown>[] = [];
  socket.on(REALTIME_EVENT, (m: string) => heard.push(JSON.parse(m)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return heard;
}
const tokenOf = async (role: 'frontdesk' | 'trainer', o: TestOrganisation) =>
  (await (await o.newUser({ role })).login()).accessToken;
const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};
const publicGet = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/public/signatures/${token}` });

describe('a document sent to a tablet', () => {
  it('is heard by that tablet at that centre only, without its token; the tablet asks for a token signed in', async () => {
    const [a, b] = org.centers.map((c) => c.id) as [string, string];
    const deskToken = await tokenOf('frontdesk', org);
    const pad = await open({ token: deskToken, center_id: a, pad: 'DESK-1' });
    const sameCentreNoPad = await open({ token: deskToken, center_id: a });
    const otherPadName = await open({ token: deskToken, center_id: a, pad: 'DESK-2' });
    const sameNameOtherCentre = await open({ token: deskToken, center_id: b, pad: 'DESK-1' });
    const otherOrganisation = await open({
      token: await tokenOf('frontdesk', other),
      center_id: other.centers[0]!.id,
      pad: 'DESK-1',
    });
    // A trainer may not send documents to sign: its browser is not a tablet even when it says so.
    const trainerPad = await open({ token: await tokenOf('trainer', org), center_id: a, pad: 'DESK-1' });

    const member = await org.newMember({ firstName: 'Mary', lastName: 'Wong', homeCenterId: b });
    const sent = await ctx.pro('POST', '/signature-requests', desk, {
      memberId: member.id,
      templateId: waiverId,
      channel: 'pad',
      padId: 'DESK-1',
      centerId: a,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json() as { id: string; token: string };

    expect(await until(() => pad.length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(pad).toEqual([{ action: PAD_DOCUMENT_ACTION, padId: 'DESK-1', requestId: id }]);
    for (const heard of [sameCentreNoPad, otherPadName, sameNameOtherCentre, otherOrganisation, trainerPad])
      expect(heard.filter((m) => m.action === PAD_DOCUMENT_ACTION)).toEqual([]);
    // The outbox keeps no signing token either.
    const [event] = await ctx.database.db
      .select({ payload: domainEvents.payload, realtime: domainEvents.realtime })
      .from(domainEvents)
      .where(eq(domainEvents.type, 'signature.sent_to_pad'));
    expect(JSON.stringify(event)).not.toContain(sent.json().token);
    expect(JSON.stringify(event)).not.toMatch(/token/i);

    // The tablet asks for a token: another tablet's name, another organisation's staff, a trainer are refused.
    const openOn = (padId: string, headers: Headers) =>
      ctx.pro('POST', `/signature-requests/${id}/pad-open`, headers, { padId });
    expect((await openOn('DESK-2', desk)).statusCode).toBe(404);
    expect((await openOn('DESK-1', await other.signIn('frontdesk'))).statusCode).toBe(404);
    expect((await openOn('DESK-1', await org.signIn('trainer'))).statusCode).toBe(403);
    const bad = await openOn('', desk);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('padId');
    const opened = await openOn('DESK-1', desk);
    expect(opened.statusCode, opened.body).toBe(200);
    const { token } = opened.json() as { token: string };
    const doc = await publicGet(token);
    expect(doc.statusCode).toBe(200);
    expect(doc.json().title).toBeTruthy();
    // The token made when it was sent no longer opens it: only the tablet's does.
    expect((await publicGet(sent.json().token)).statusCode).toBe(404);
  });

  it('is refused to a tablet once revoked', async () => {
    const member = await org.newMember();
    const sent = await ctx.pro('POST', '/signature-requests', desk, {
      memberId: member.id,
      templateId: waiverId,
      channel: 'pad',
      padId: 'DESK-9',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json() as { id: string };
    expect((await ctx.pro('POST', `/signature-requests/${id}/revoke`, desk)).statusCode).toBe(204);
    const opened = await ctx.pro('POST', `/signature-requests/${id}/pad-open`, desk, { padId: 'DESK-9' });
    expect(opened.statusCode).toBe(410);
    expect(opened.json().error).toBe('signature_link_revoked');
  });

  it('is sent to the centre named only when the sender works there', async () => {
    const [a, b] = org.centers.map((c) => c.id) as [string, string];
    const local = await org.signIn('frontdesk', [a]);
    const member = await org.newMember({ homeCenterId: a });
    const sent = await ctx.pro('POST', '/signature-requests', local, {
      memberId: member.id,
      templateId: waiverId,
      channel: 'pad',
      padId: 'DESK-1',
      centerId: b,
    });
    expect(sent.statusCode).toBe(404);
    expect(sent.json().fields[0].path).toBe('centerId');
  });
});
