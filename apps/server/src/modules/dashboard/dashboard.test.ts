import { FIGURES_CHANGED } from '@gym/contract/dashboard';
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { addDays } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementState, entitlements } from '../../db/schema/index.ts';
import type { Headers, TestContext, TestOrganisation } from '../../test/harness.ts';
import { type SellingCatalogue, startSelling } from '../../test/selling-catalogue.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, desk: Headers;
let centerA: string, centerB: string, cat: SellingCatalogue, today: string;
const sockets: Socket[] = [];

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);

beforeAll(async () => ({ ctx, org, manager, desk, centerA, centerB, cat, today } = await startSelling()));
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

type Dashboard = {
  today: string;
  money: {
    todayMinor: number;
    monthMinor: number;
    monthTargetMinor: number | null;
    monthPaceMinor: number | null;
    unpaidMinor: number;
    unpaidInvoices: number;
  } | null;
  entries: { granted: number; denied: number; perHour: number[] };
  expiring: { count: number; members: { id: string; endsOn: string }[] };
  classes: unknown[];
};
const dashboard = async (headers: Headers = manager, centerId = centerA) => {
  const res = await req('GET', `/dashboard?centerId=${centerId}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
};

const sell = async (memberId: string, paid: number | null) => {
  const res = await req('POST', `/students/${memberId}/sales`, desk, {
    centerId: centerA,
    lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
    ...(paid ? { payment: { method: 'cash', amountMinor: paid } } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};

describe('the dashboard', () => {
  it('answers the day’s money against the goal, what is owed, members about to end and entries per hour, in one call', async () => {
    const empty = await dashboard();
    expect(empty).toMatchObject({
      today,
      money: { todayMinor: 0, monthMinor: 0, monthTargetMinor: null, unpaidMinor: 0, unpaidInvoices: 0 },
      entries: { granted: 0, denied: 0 },
      expiring: { count: 0, members: [] },
      classes: [],
    });
    expect(empty.entries.perHour).toHaveLength(24);

    const paying = await org.newMember();
    const owing = await org.newMember();
    await sell(paying.id, 50_000);
    const unpaid = await sell(owing.id, 20_000);
    await req('PUT', '/goals', manager, {
      centerId: centerA,
      month: today.slice(0, 7),
      staffId: null,
      targets: { revenue: 1_000_000 },
    });
    // The paying member's membership ends in three days and they have no other: they are ending soon.
    const [held] = await ctx.database.db
      .select({ id: entitlements.id })
      .from(entitlements)
      .where(eq(entitlements.memberId, paying.id));
    await ctx.database.db
      .update(entitlementState)
      .set({ validUntil: addDays(today, 3) })
      .where(eq(entitlementState.entitlementId, held!.id));
    const entry = await req('POST', `/students/${paying.id}/entry`, desk, { center_id: centerA });
    expect(entry.statusCode, entry.body).toBeLessThan(300);

    const d = await dashboard();
    expect(d.money).toMatchObject({
      todayMinor: 70_000,
      monthMinor: 70_000,
      monthTargetMinor: 1_000_000,
      unpaidMinor: 30_000,
      unpaidInvoices: 1,
    });
    expect(d.money!.monthPaceMinor).toBeGreaterThanOrEqual(70_000);
    expect(d.entries.granted).toBe(1);
    expect(d.entries.perHour.reduce((a, b) => a + b, 0)).toBe(1);
    expect(d.expiring).toMatchObject({ count: 1, members: [{ id: paying.id, endsOn: addDays(today, 3) }] });
    expect(unpaid.id).toBeTruthy();
    // Another centre's day is its own.
    expect((await dashboard(manager, centerB)).money).toMatchObject({ todayMinor: 0, unpaidMinor: 0 });
  });

  it('shows no money to who may not read sales, and no centre the caller does not work at', async () => {
    const trainer = await org.signIn('trainer');
    const d = await dashboard(trainer);
    expect(d.money).toBeNull();
    const limited = await org.signIn('manager', [centerB]);
    expect((await req('GET', `/dashboard?centerId=${centerA}`, limited)).statusCode).toBe(404);
  });

  it('tells the centre’s browsers that the figures changed when a payment is taken', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await (await org.newUser({ role: 'admin' })).login();
    const heard: Record<string, unknown>[] = [];
    const socket = connect(address, {
      auth: { token: admin.accessToken, center_id: centerA },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    socket.on(REALTIME_EVENT, (m: string) => heard.push(JSON.parse(m)));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const changed = async () => {
      const end = Date.now() + 5_000;
      while (!heard.some((m) => m.action === FIGURES_CHANGED) && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 20));
      }
      return heard.some((m) => m.action === FIGURES_CHANGED);
    };
    const member = await org.newMember();
    const invoice = await sell(member.id, null);
    // The sale itself changed what is owed.
    expect(await changed()).toBe(true);
    heard.length = 0;
    const paid = await req('POST', `/invoices/${invoice.id}/payments`, desk, { method: 'card', amountMinor: 10_000 });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await changed()).toBe(true);
    expect(heard).toContainEqual({ action: FIGURES_CHANGED, center_id: centerA });
    // The room is the door's too: the message names no amount and no member.
    expect(JSON.stringify(heard.filter((m) => m.action === FIGURES_CHANGED))).not.toContain(member.id);
  });
});
