import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLinkTokens, members } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { type Api, apiAs } from './test-helpers.ts';

let ctx: TestContext;
let org: TestOrganisation;
let manager: Api;
let desk: Api;
let trainer: Api;
let outsider: Api;

const PHOTO = 'data:image/png;base64,iVBORw0KGgo=';

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://gym.example' });
  org = await ctx.newOrganisation();
  manager = await apiAs(ctx, await org.newUser({ role: 'manager' }));
  desk = await apiAs(ctx, await org.newUser({ role: 'frontdesk' }));
  trainer = await apiAs(ctx, await org.newUser({ role: 'trainer' }));
  outsider = await apiAs(ctx, await (await ctx.newOrganisation()).newUser({ role: 'admin' }));
});
afterAll(() => ctx?.close());

/** A member with every field filled; `who` picks a distinct person. */
async function fullMember(who: {
  firstName: string;
  lastName: string;
  chineseName: string;
  phone: string;
  email: string;
}) {
  const group = (await desk.post('/groups', { name: `Privacy ${Math.random()}` })).json();
  const res = await desk.post('/students', {
    ...who,
    gender: 'female',
    birthday: '1990-04-05',
    address: 'Rua das Flores 1, Lisboa',
    emergencyContactName: 'João',
    emergencyContactPhone: '+351 913 000 000',
    photo: PHOTO,
    notes: 'Prefers mornings',
    marketingConsent: true,
    language: 'pt',
    homeCenterId: org.centers[0]!.id,
    groupIds: [group.id],
    cardNumber: `PRIV${Date.now() % 1e8}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; code: string; cards: { number: string }[] };
}

describe('privacy export', () => {
  it('hands over everything stored about the member as a JSON attachment, without token hashes', async () => {
    const m = await fullMember({
      firstName: 'Ana',
      lastName: 'Conceição',
      chineseName: '安娜',
      phone: '+351 911 111 111',
      email: 'ana@example.pt',
    });
    await desk.post(`/students/${m.id}/card-link`);
    const res = await desk.get(`/students/${m.id}/privacy-export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`attachment; filename="member-${m.code}-personal-data.json"`);
    const data = res.json();
    expect(data.organisation.initial).toBe(org.initial);
    expect(data.member).toMatchObject({
      code: m.code,
      lastName: 'Conceição',
      chineseName: '安娜',
      address: 'Rua das Flores 1, Lisboa',
      photo: PHOTO,
      notes: 'Prefers mornings',
      createdBy: expect.stringMatching(/^frontdesk of/),
    });
    expect(data.cards).toEqual([expect.objectContaining({ number: m.cards[0]!.number, status: 'active' })]);
    expect(data.groups).toEqual([expect.objectContaining({ name: expect.stringMatching(/^Privacy/) })]);
    expect(data.cardLinks).toEqual([
      expect.objectContaining({ center: expect.objectContaining({ code: 'A' }), usedAt: null }),
    ]);
    const [token] = await ctx.database.db.select().from(cardLinkTokens).where(eq(cardLinkTokens.memberId, m.id));
    expect(res.body).not.toContain(token!.tokenHash);
  });

  it('is for staff who may edit members, of this organisation', async () => {
    const m = await org.newMember();
    expect((await trainer.get(`/students/${m.id}/privacy-export`)).statusCode).toBe(403);
    expect((await outsider.get(`/students/${m.id}/privacy-export`)).statusCode).toBe(404);
  });
});

describe('erasing a member', () => {
  it('needs the member code typed again', async () => {
    const m = await org.newMember();
    const res = await manager.post(`/students/${m.id}/erase`, { confirmCode: 'WRONG' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      expect.objectContaining({ path: 'confirmCode', code: 'confirm_code_mismatch' }),
    ]);
    const [row] = await ctx.database.db.select().from(members).where(eq(members.id, m.id));
    expect(row!.erasedAt).toBeNull();
  });

  it('empties every personal field, detaches cards, leaves groups, keeps the row under its code', async () => {
    const m = await fullMember({
      firstName: 'Maria',
      lastName: 'Pereira',
      chineseName: '瑪麗亞',
      phone: '+351 912 345 678',
      email: 'maria@example.pt',
    });
    await desk.post(`/students/${m.id}/card-link`);
    const res = await manager.post(`/students/${m.id}/erase`, { confirmCode: m.code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: m.id,
      code: m.code,
      firstName: 'Erased',
      lastName: 'Member',
      chineseName: null,
      gender: null,
      birthday: null,
      phone: null,
      email: null,
      address: null,
      emergencyContactName: null,
      emergencyContactPhone: null,
      guardian: null,
      photo: null,
      notes: null,
      marketingConsent: false,
      status: 'left',
      groups: [],
      erasedAt: expect.any(String),
    });
    expect(res.json().cards.map((c: { status: string }) => c.status)).toEqual(['detached']);

    const [row] = await ctx.database.db.select().from(members).where(eq(members.id, m.id));
    expect(row!.phoneDigits).toBeNull();
    expect(row!.searchText).toBe(`|${m.code.toLowerCase()}|`);
    expect(await ctx.database.db.select().from(cardLinkTokens).where(eq(cardLinkTokens.memberId, m.id))).toEqual([]);

    // Searching by the old name, phone or card finds nothing; the code still finds the row.
    for (const keyword of ['Maria', 'Pereira', '瑪麗亞', '912 345', 'maria@example', m.cards[0]!.number]) {
      expect((await desk.get(`/students?keyword=${encodeURIComponent(keyword)}`)).json().total, keyword).toBe(0);
    }
    expect((await desk.get(`/students?keyword=${m.code}`)).json().items[0].id).toBe(m.id);
    // The freed card number can be given to someone else.
    const other = await org.newMember();
    expect((await desk.post(`/students/${other.id}/cards`, { number: m.cards[0]!.number })).statusCode).toBe(201);
  });

  it('leaves an erased member closed to edits, cards and links', async () => {
    const m = await org.newMember({ cardNumber: `ER${Date.now() % 1e8}` });
    expect((await manager.post(`/students/${m.id}/erase`, { confirmCode: m.code })).statusCode).toBe(200);
    const edit = await manager.patch(`/students/${m.id}`, { firstName: 'Back' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().error).toBe('business_rule');
    expect((await desk.post(`/students/${m.id}/cards`, { number: 'AFTER0001' })).statusCode).toBe(422);
    expect((await desk.post(`/students/${m.id}/card-link`)).statusCode).toBe(422);
    expect((await manager.post(`/students/${m.id}/erase`, { confirmCode: m.code })).statusCode).toBe(422);
    const nfc = await desk.post(`/student/${m.id}/nfc/`, { card: 'AFTER0001' });
    expect(nfc.statusCode).toBe(200);
    expect(nfc.json().result).toBe(false);
  });

  it('is for managers and admins only', async () => {
    const m = await org.newMember();
    expect((await desk.post(`/students/${m.id}/erase`, { confirmCode: m.code })).statusCode).toBe(403);
    expect((await outsider.post(`/students/${m.id}/erase`, { confirmCode: m.code })).statusCode).toBe(404);
  });
});
