import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, users } from '../../db/schema/index.ts';
import type { TestContext, TestOrganisation } from '../../test/harness.ts';
import { type Api, apiAs, startDesk } from './test-helpers.ts';

let ctx: TestContext, org: TestOrganisation, desk: Api, deskA: Api, trainer: Api, outsider: Api;
let staffId: string;

beforeAll(async () => {
  let other: TestOrganisation;
  ({ ctx, org, other, desk, deskA, trainer, outsider } = await startDesk());
  staffId = (await org.newUser({ role: 'trainer' })).id;
  // A staff member's card: numbers are one person's across members and staff.
  await ctx.database.db.insert(cards).values({ organisationId: org.id, staffId, number: 'STAFF0001' });
  // The same number in another organisation does not matter.
  await other.newMember({ cardNumber: 'SHARED01' });
});
afterAll(() => ctx?.close());

describe('member cards', () => {
  it('attaches a card (upper-cased) and names who attached it', async () => {
    const m = await org.newMember();
    const res = await desk.post(`/students/${m.id}/cards`, { number: ' shared01 ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ number: 'SHARED01', status: 'active', lostAt: null, detachedAt: null });
    expect(res.json().attachedBy).toMatch(/^frontdesk of/);
  });

  it('refuses a number in use by another member or by a staff member (409, field number)', async () => {
    const holder = await org.newMember({ cardNumber: 'MEMBER001' });
    const m = await org.newMember();
    for (const number of ['MEMBER001', 'staff0001']) {
      const res = await desk.post(`/students/${m.id}/cards`, { number });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'card_in_use', fields: [{ path: 'number', code: 'card_in_use' }] });
    }
    expect((await desk.get(`/students/${m.id}`)).json().cards).toEqual([]);
    expect((await desk.get(`/students/${holder.id}`)).json().cards).toHaveLength(1);
  });

  it('keeps one active card: a new card replaces the old one, which stays as history', async () => {
    const m = await org.newMember({ cardNumber: 'FIRST0001' });
    const second = await desk.post(`/students/${m.id}/cards`, { number: 'SECOND001' });
    expect(second.statusCode).toBe(201);
    const { cards: history } = (await desk.get(`/students/${m.id}`)).json();
    expect(history.map((c: { number: string; status: string }) => [c.number, c.status])).toEqual([
      ['SECOND001', 'active'],
      ['FIRST0001', 'detached'],
    ]);
    // The replaced number is free for someone else.
    const other = await org.newMember();
    expect((await desk.post(`/students/${other.id}/cards`, { number: 'FIRST0001' })).statusCode).toBe(201);
    // Attaching the card the member already holds changes nothing.
    const again = await desk.post(`/students/${m.id}/cards`, { number: 'SECOND001' });
    expect(again.statusCode).toBe(200);
    expect((await desk.get(`/students/${m.id}`)).json().cards).toHaveLength(2);
  });

  it('a lost card stops being active but still blocks its number until detached', async () => {
    const m = await org.newMember({ cardNumber: 'LOSTCARD1' });
    const cardId = (await desk.get(`/students/${m.id}`)).json().cards[0].id;
    const lost = await desk.post(`/students/${m.id}/cards/${cardId}/lost`);
    expect(lost.statusCode).toBe(200);
    expect(lost.json()).toMatchObject({ status: 'lost', lostAt: expect.any(String) });
    expect((await desk.get(`/students?keyword=${m.code}`)).json().items[0].cardNumber).toBeNull();
    const other = await org.newMember();
    expect((await desk.post(`/students/${other.id}/cards`, { number: 'LOSTCARD1' })).statusCode).toBe(409);

    expect((await desk.delete(`/students/${m.id}/cards/${cardId}`)).statusCode).toBe(204);
    expect((await desk.delete(`/students/${m.id}/cards/${cardId}`)).statusCode).toBe(204);
    const detached = (await desk.get(`/students/${m.id}`)).json().cards[0];
    expect(detached).toMatchObject({ id: cardId, status: 'detached', detachedAt: expect.any(String) });
    expect((await desk.post(`/students/${other.id}/cards`, { number: 'LOSTCARD1' })).statusCode).toBe(201);
    // A detached card cannot be reported lost.
    expect((await desk.post(`/students/${m.id}/cards/${cardId}/lost`)).statusCode).toBe(422);
  });

  it('a lost card found again by its own member is active again', async () => {
    const m = await org.newMember({ cardNumber: 'FOUND0001' });
    const cardId = (await desk.get(`/students/${m.id}`)).json().cards[0].id;
    await desk.post(`/students/${m.id}/cards/${cardId}/lost`);
    const res = await desk.post(`/students/${m.id}/cards`, { number: 'FOUND0001' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: cardId, status: 'active', lostAt: null });
  });

  it('races for one number: exactly one wins', async () => {
    const [a, b] = [await org.newMember(), await org.newMember()];
    const results = await Promise.all([
      desk.post(`/students/${a.id}/cards`, { number: 'RACE00001' }),
      desk.post(`/students/${b.id}/cards`, { number: 'RACE00001' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.database.db.select().from(cards).where(eq(cards.number, 'RACE00001'));
    expect(rows).toHaveLength(1);
  });

  it('cards of another member, centre or organisation are not found', async () => {
    const m = await org.newMember({ cardNumber: 'MINE00001' });
    const other = await org.newMember();
    const atB = await org.newMember({ homeCenterId: org.centers[1]!.id, cardNumber: 'ATB000001' });
    const cardId = (await desk.get(`/students/${m.id}`)).json().cards[0].id;
    expect((await desk.delete(`/students/${other.id}/cards/${cardId}`)).statusCode).toBe(404);
    expect((await outsider.delete(`/students/${m.id}/cards/${cardId}`)).statusCode).toBe(404);
    expect((await outsider.post(`/students/${m.id}/cards`, { number: 'ABCD1234' })).statusCode).toBe(404);
    expect((await deskA.post(`/students/${atB.id}/cards`, { number: 'ABCD1234' })).statusCode).toBe(404);
    expect((await trainer.post(`/students/${m.id}/cards`, { number: 'ABCD1234' })).statusCode).toBe(403);
  });

  it('validates the card format', async () => {
    const m = await org.newMember();
    const res = await desk.post(`/students/${m.id}/cards`, { number: 'ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ path: 'number', code: 'card_format' });
  });
});

describe("the reader's nfc call", () => {
  it('links the scanned card and says so; a repeat says it was already linked', async () => {
    const m = await org.newMember({ firstName: 'Mei', lastName: 'Wong' });
    const res = await desk.post(`/student/${m.id}/nfc/`, { card: 'nfc000001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, message: 'Card NFC000001 is now linked to Mei Wong' });
    const again = await desk.post(`/student/${m.id}/nfc`, { card: 'NFC000001' });
    expect(again.json()).toEqual({ result: true, message: 'Card NFC000001 was already linked to Mei Wong' });
  });

  it('answers result false with a message for a card in use, in the staff member’s language', async () => {
    const m = await org.newMember();
    const res = await desk.post(`/student/${m.id}/nfc/`, { card: 'STAFF0001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: false, message: 'Card STAFF0001 is already in use by someone else' });

    const chinese = await org.newUser({ role: 'frontdesk' });
    await ctx.database.db.update(users).set({ language: 'zh-Hant' }).where(eq(users.id, chinese.id));
    const zh = await (await apiAs(ctx, chinese)).post(`/student/${m.id}/nfc/`, { card: 'STAFF0001' });
    expect(zh.json()).toEqual({ result: false, message: '卡 STAFF0001 已被其他人使用' });
  });

  it('answers 404 for an unknown member', async () => {
    const res = await desk.post('/student/00000000-0000-4000-8000-000000000000/nfc/', { card: 'NFC000002' });
    expect(res.statusCode).toBe(404);
  });
});
