import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chunk, keyset, LongReads } from '../../lib/long-read.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { memberExportChunk } from './member-export.ts';
import { type Api, apiAs } from './test-helpers.ts';

let ctx: TestContext;
let org: TestOrganisation;
let desk: Api;
let chan: { id: string; code: string };
let silva: { id: string; code: string };

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation();
  desk = await apiAs(ctx, await org.newUser({ role: 'frontdesk' }));
  chan = await org.newMember({
    firstName: 'Tai Man',
    lastName: 'Chan',
    chineseName: '陳大文',
    phone: '+852 9876 5432',
    email: 'taiman.chan@mail.example',
    cardNumber: '0004451234',
  });
  silva = await org.newMember({
    firstName: 'João',
    lastName: 'Silva',
    phone: '+55 (11) 91234-5678',
    email: 'joao@exemplo.com.br',
  });
  await org.newMember({ firstName: 'Other', lastName: 'Person', chineseName: '李小明', phone: '2222 3333' });
});
afterAll(() => ctx?.close());

const ids = async (keyword: string) => {
  const res = await desk.get(`/students?keyword=${encodeURIComponent(keyword)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((i) => i.id);
};

describe('member keyword search', () => {
  it('finds a Chinese name by part of it', async () => {
    expect(await ids('大文')).toEqual([chan.id]);
    expect(await ids('陳')).toEqual([chan.id]);
    expect(await ids('陳大文')).toEqual([chan.id]);
    expect(await ids('文大')).toEqual([]);
  });

  it('finds Latin names in either order, partly, without case or accents', async () => {
    expect(await ids('tai man')).toEqual([chan.id]);
    expect(await ids('CHAN TAI')).toEqual([chan.id]);
    expect(await ids('joao')).toEqual([silva.id]);
    expect(await ids('João Sil')).toEqual([silva.id]);
  });

  it('finds a phone by a fragment typed with spaces, dashes or brackets', async () => {
    expect(await ids('9876 5432')).toEqual([chan.id]);
    expect(await ids('9876-54')).toEqual([chan.id]);
    expect(await ids('(11) 91234')).toEqual([silva.id]);
  });

  it('finds by card number, e-mail part and member code', async () => {
    expect(await ids('0004451234')).toEqual([chan.id]);
    expect(await ids('4451')).toEqual([chan.id]);
    expect(await ids('taiman.chan@')).toEqual([chan.id]);
    expect(await ids('exemplo.com')).toEqual([silva.id]);
    expect(await ids(chan.code.toLowerCase())).toEqual([chan.id]);
  });

  it('shows the active card in the list, and follows card changes', async () => {
    const list = (await desk.get('/students?keyword=大文')).json();
    expect(list.items[0]).toMatchObject({ cardNumber: '0004451234', hasPhoto: false, homeCenter: { code: 'A' } });
    const newCard = await desk.post(`/students/${chan.id}/cards`, { number: 'NEWCARD77' });
    expect(newCard.statusCode).toBe(201);
    expect(await ids('newcard77')).toEqual([chan.id]);
    // The replaced card no longer names the member.
    expect(await ids('0004451234')).toEqual([]);
    expect((await desk.get('/students?keyword=大文')).json().items[0].cardNumber).toBe('NEWCARD77');
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
  });

  it('matches nothing across two fields', async () => {
    // The code ends and the name begins in the search text; a keyword spanning both must not match.
    expect(await ids(`${chan.code.slice(-2)}tai`)).toEqual([]);
  });
});

describe('export pages', () => {
  it('walks every page by keyset in each sort order, without repeats or gaps', async () => {
    const tag = 'Keyset';
    for (let i = 0; i < 7; i++) await org.newMember({ lastName: tag, firstName: `K${i}` });
    const scope = { organisationId: org.id, centerIds: null };
    // Chunks of two rows, however fast the statement.
    const reads = new LongReads(
      ctx.database.kind,
      { perOrganisation: 1, total: 1, waitingPerOrganisation: 0, maxWaitMs: 1000 },
      { firstRows: 2, maxRows: 2, chunkMs: 1, pauseMs: 0 },
    );
    for (const sort of ['code', '-code', 'name', '-name', 'createdAt', '-createdAt', 'status', '-status'] as const) {
      const seen: string[] = [];
      const rows = keyset(
        (chunk: Chunk<string[]>) =>
          memberExportChunk(tenantDb(ctx.database.db, scope), { q: { keyword: tag, sort }, chunk }),
        (last) => last.key,
      );
      for await (const page of reads.chunks(rows)) {
        expect(page.length).toBeLessThanOrEqual(2);
        seen.push(...page.map((m) => m.firstName));
      }
      expect(seen, sort).toHaveLength(7);
      expect(new Set(seen).size, sort).toBe(7);
      if (sort === 'name') expect(seen).toEqual(['K0', 'K1', 'K2', 'K3', 'K4', 'K5', 'K6']);
      if (sort === '-name') expect(seen).toEqual(['K6', 'K5', 'K4', 'K3', 'K2', 'K1', 'K0']);
    }
  });
});

describe('the search text separator', () => {
  it('typed as a keyword matches nobody, and never joins two fields', async () => {
    expect(await ids('|')).toEqual([]);
    expect(await ids('||')).toEqual([]);
    expect(await ids(' | ')).toEqual([]);
    // "chan|chan" spans the end of one name field and the start of the next.
    expect(await ids('chan|chan')).toEqual([]);
    expect(await ids('tai man chan')).toEqual([chan.id]);
  });
});
