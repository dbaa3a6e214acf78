import { businessDaysOf, paceOf } from '@gym/contract/goals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Headers, TestContext, TestOrganisation } from '../../test/harness.ts';
import { type SellingCatalogue, startSelling } from '../../test/selling-catalogue.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, desk: Headers;
let centerA: string, cat: SellingCatalogue, today: string, month: string;

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);

beforeAll(async () => {
  ({ ctx, org, manager, desk, centerA, cat, today } = await startSelling());
  month = today.slice(0, 7);
});
afterAll(() => ctx?.close());

const sellMonthly = async (memberId: string, paid: number | null) => {
  const res = await req('POST', `/students/${memberId}/sales`, desk, {
    centerId: centerA,
    lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
    ...(paid ? { payment: { method: 'cash', amountMinor: paid } } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};

type Figure = { target: number | null; actual: number; pace: number | null };
type Board = {
  businessDays: { total: number; elapsed: number };
  rows: { staff: { id: string; role: string } | null; figures: Record<string, Figure> }[];
};
const board = async (headers = manager) => {
  const res = await req('GET', `/goals?centerId=${centerA}&month=${month}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Board;
};

describe('goals', () => {
  it('counts money taken, first memberships and renewals from the sales, and sets targets with pace', async () => {
    const first = await org.newMember();
    const second = await org.newMember();
    await sellMonthly(first.id, 50_000);
    await sellMonthly(first.id, 30_000); // a renewal, partly paid
    await sellMonthly(second.id, null); // a new member who owes it all

    const set = await req('PUT', '/goals', manager, {
      centerId: centerA,
      month,
      staffId: null,
      targets: { revenue: 300_000, newMembers: 10 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const b = set.json() as Board;
    const centre = b.rows[0]!;
    expect(centre.staff).toBeNull();
    expect(centre.figures.revenue).toMatchObject({ target: 300_000, actual: 80_000 });
    expect(centre.figures.revenue!.pace).toBe(paceOf(80_000, b.businessDays));
    expect(centre.figures.newMembers).toMatchObject({ target: 10, actual: 2 });
    expect(centre.figures.renewals).toMatchObject({ target: null, actual: 1 });
    expect(centre.figures.ptSessions).toMatchObject({ target: null, actual: 0 });
    // The desk sold all three: their own row shows the same money and memberships.
    const seller = b.rows.find((r) => r.staff?.role === 'frontdesk' && r.figures.revenue!.actual > 0);
    expect(seller?.figures).toMatchObject({
      revenue: { actual: 80_000 },
      newMembers: { actual: 2 },
      renewals: { actual: 1 },
    });

    // A staff member's target, then removed with null.
    const staffId = seller!.staff!.id;
    await req('PUT', '/goals', manager, { centerId: centerA, month, staffId, targets: { revenue: 100_000 } });
    let mine = (await board()).rows.find((r) => r.staff?.id === staffId)!;
    expect(mine.figures.revenue!.target).toBe(100_000);
    await req('PUT', '/goals', manager, { centerId: centerA, month, staffId, targets: { revenue: null } });
    mine = (await board()).rows.find((r) => r.staff?.id === staffId)!;
    expect(mine.figures.revenue!.target).toBeNull();
    // The centre's target is untouched by the staff member's.
    expect((await board()).rows[0]!.figures.revenue!.target).toBe(300_000);
  });

  it('names the wrong fields, and only who may update goals sets them', async () => {
    const bad = await req('PUT', '/goals', manager, {
      centerId: centerA,
      month: '2026-13',
      staffId: null,
      targets: { revenue: -1, renewals: 1.5 },
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['month', 'targets.revenue', 'targets.renewals']));
    // A year outside the calendar's range is refused as a wrong month, not answered with an error.
    const far = await req('GET', `/goals?centerId=${centerA}&month=0001-01`, manager);
    expect(far.statusCode).toBe(400);
    expect(far.json().fields.map((f: { path: string }) => f.path)).toEqual(['month']);
    const refused = await req('PUT', '/goals', desk, {
      centerId: centerA,
      month,
      staffId: null,
      targets: { renewals: 3 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await board(desk)).rows[0]!.figures.renewals!.target).toBeNull();
  });

  it('does not show another organisation’s centre', async () => {
    const other = await ctx.newOrganisation();
    const res = await req('GET', `/goals?centerId=${other.centers[0]!.id}&month=${month}`, manager);
    expect(res.statusCode).toBe(404);
  });
});

describe('pace', () => {
  it('counts the open days of the month and projects the figure to its end', () => {
    const closedSundays = [{ day: 0, closed: true, open: '09:00', close: '18:00' }];
    // February 2026: 28 days, 4 Sundays (the 1st and 8th by the 10th).
    expect(businessDaysOf('2026-02', '2026-02-10', closedSundays)).toEqual({ total: 24, elapsed: 8 });
    expect(businessDaysOf('2026-02', '2026-01-31', [])).toEqual({ total: 28, elapsed: 0 });
    expect(paceOf(900, { total: 24, elapsed: 9 })).toBe(2400);
    expect(paceOf(100, { total: 30, elapsed: 7 })).toBe(429); // 428.57 rounds up
    expect(paceOf(100, { total: 28, elapsed: 0 })).toBeNull();
    expect(paceOf(100, { total: 28, elapsed: 28 })).toBe(100);
    expect(paceOf(-100, { total: 30, elapsed: 7 })).toBe(-429); // more refunded than taken
  });
});
