/**
 * The door loop, end to end (issue "card readers and entries"): a physical reader posts a scan
 * (`POST /pro/readers/{sn}/scans`), the server publishes the card-reader event to the reader's
 * centre, the browser that owns the reader posts the entry (`POST /pro/card/{card}/entry/`), and the
 * entry notification reaches every browser of the centre. Measured: tap-to-toast, from the scan's
 * POST leaving the reader to the entry notification arriving at a second browser of the centre
 * (the front desk); and entries recorded against taps sent.
 *
 * The floor, as the issue words it: the same socket round trip with no database work. It is the
 * API server's own stack (its hooks, authentication, permissions, validation, reader secret and
 * rate limit, realtime gateway) with routes that do all the door's routes do but their database
 * work (`door-stack-floor-server.ts`). Beside it, the bare floor: the same two POSTs and two socket
 * hops through a bare Fastify + Socket.IO server with nothing else (`door-floor-server.ts`), what
 * the HTTP and socket hops alone cost. The three are measured in turns, slice after slice (run.ts),
 * each by a load process of its own that stays connected.
 *
 * Taps are spread over several readers of one centre (a real door reader never sends 100 scans a
 * second, and each reader is rate-limited), each with its own reader browser, as at a busy gym's
 * gates; the desk is one more browser at that centre. The members have distinct cards, each tapped
 * again only seconds later, and the duplicate-tap window is 1 s: every tap is checked against the
 * window as at a real door (a window of 0 skips the check), and none is swallowed as a repeat.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Role } from '@gym/contract/acl';
import { DEMO_INITIAL } from '@gym/contract/demo';
import { minor, ZERO } from '@gym/contract/money';
import { addDays, businessDate } from '@gym/contract/time';
import { and, eq, like } from 'drizzle-orm';
import {
  cards as cardsTable,
  centers,
  creditPackages,
  membershipPlans,
  organisations,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { appendLedger } from '../apps/server/src/modules/entitlements/index.ts';
import { sell } from '../apps/server/src/modules/sales/index.ts';
import { clockOn, contextFor } from '../apps/server/src/seed/demo-sales.ts';
import type { RunningServer } from '../apps/server/src/server.ts';
import { serverNodeFlags } from '../scripts/lib/server-node.mjs';
import type { DoorFixture, DoorLoadRequest, DoorSlice, DoorSliceOptions } from './door-load.ts';

type Inject = RunningServer['app']['inject'];

async function call<T>(inject: Inject, method: string, url: string, token: string | null, payload?: unknown) {
  const res = await inject({
    method: method as 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/**
 * In the prepared (in-process) server: `readerCount` readers at the demo's CWB, `memberCount`
 * members with distinct cards and a membership sold through the API, and a duplicate-tap window of 1 s.
 */
export async function prepareDoor(
  server: RunningServer,
  opts: { memberCount: number; readerCount: number; historyMonths: number },
): Promise<DoorFixture> {
  const inject = server.app.inject.bind(server.app) as Inject;
  const { db } = server.deps.database;
  const [org] = await db.select().from(organisations).where(eq(organisations.initial, DEMO_INITIAL));
  const [center] = await db
    .select()
    .from(centers)
    .where(and(eq(centers.organisationId, org!.id), eq(centers.code, 'CWB')));
  const [plan] = await db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.organisationId, org!.id), eq(membershipPlans.name, 'Monthly')));
  const { accessToken: token } = await call<{ accessToken: string }>(inject, 'POST', '/api/v1/jwt/login', null, {
    email: 'admin@demo.fit',
    password: 'demo1234',
  });
  await call(inject, 'PATCH', '/api/v1/pro/config', token, { duplicateTapWindowSeconds: 1 });
  const run = Date.now().toString(36).toUpperCase();
  const readers: DoorFixture['readers'] = [];
  for (let i = 1; i <= opts.readerCount; i++) {
    const created = await call<{ reader: { sn: string }; secret: string }>(
      inject,
      'POST',
      '/api/v1/pro/readers',
      token,
      {
        centerId: center!.id,
        name: `Bench gate ${i}`,
        sn: `BENCH-${run}-${i}`,
      },
    );
    readers.push({ sn: created.reader.sn, secret: created.secret });
  }
  const cards: string[] = [];
  /** The members this run added (a kept database's are found by card, and have their past already). */
  const fresh: { index: number; memberId: string }[] = [];
  const price = (plan as { priceMinor?: number }).priceMinor ?? 0;
  // The door's members are the same on every run: on a kept database a run finds those of the
  // runs before (by card) instead of adding 200 more each time, which would pile up members no gym
  // has (all joined last, all named alike) in front of the member search's figures.
  const existing = new Map(
    (
      await db
        .select({ number: cardsTable.number, memberId: cardsTable.memberId })
        .from(cardsTable)
        .where(
          and(
            eq(cardsTable.organisationId, org!.id),
            like(cardsTable.number, 'BDOOR%'),
            eq(cardsTable.status, 'active'),
          ),
        )
    ).flatMap((c) => (c.memberId ? [[c.number, c.memberId] as const] : [])),
  );
  for (let i = 0; i < opts.memberCount; i++) {
    const card = `BDOOR${String(i).padStart(5, '0')}`;
    const memberId =
      existing.get(card) ??
      (
        await call<{ id: string }>(inject, 'POST', '/api/v1/pro/students', token, {
          firstName: `Door${i}`,
          lastName: 'Bench',
          phone: `+852 5${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
          homeCenterId: center!.id,
          cardNumber: card,
          confirmDifferentPerson: true,
        })
      ).id;
    // A month's membership on every run, so that a member found from an earlier run may enter too.
    await inject({
      method: 'POST',
      url: `/api/v1/pro/students/${memberId}/sales`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `door-bench-${run}-${i}` },
      payload: {
        centerId: center!.id,
        lines: [{ itemType: 'membership', itemId: plan!.id }],
        payment: { method: 'card', amountMinor: price },
      },
    }).then((res) => {
      if (res.statusCode >= 300) throw new Error(`sale answered ${res.statusCode}: ${res.body}`);
    });
    if (!existing.has(card)) fresh.push({ index: i, memberId });
    cards.push(card);
  }
  await giveHistory(server, {
    organisationId: org!.id,
    center: center!,
    plan: plan!,
    members: fresh,
    months: opts.historyMonths,
  });
  return { centerId: center!.id, readers, cards };
}

/**
 * A past such as a real gym's members have: member `i` renewed a month's membership for the
 * `i % (months + 1)` months before this one (none still running), and every third member used up a
 * 10-class pack half a year ago. Sold and used through the desk's own use cases on their past
 * dates, as the demo's history is. The door's checks then find a member's current membership among
 * the ended ones, as at a gym open for years.
 */
async function giveHistory(
  server: RunningServer,
  opts: {
    organisationId: string;
    center: { id: string; timeZone: string };
    plan: { id: string; priceMinor: number };
    members: { index: number; memberId: string }[];
    months: number;
  },
): Promise<void> {
  if (opts.months <= 0 || opts.members.length === 0) return;
  const { db } = server.deps.database;
  const [desk] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.organisationId, opts.organisationId), eq(users.role, 'frontdesk')));
  const [pack] = await db
    .select({ id: creditPackages.id, priceMinor: creditPackages.priceMinor, credits: creditPackages.credits })
    .from(creditPackages)
    .where(and(eq(creditPackages.organisationId, opts.organisationId), eq(creditPackages.name, '10-class pack')));
  if (!desk || !pack) throw new Error('the demo has no front desk or no 10-class pack');
  const today = businessDate(new Date(), opts.center.timeZone);
  const started = performance.now();
  let sales = 0;
  for (const { index, memberId } of opts.members) {
    const months = index % (opts.months + 1);
    // One transaction per member, every statement in it (the context's reads and writes alike).
    await db.transaction(async (tx) => {
      const at = (day: string) =>
        contextFor(
          tx,
          { id: desk.id, role: desk.role as Role },
          opts.organisationId,
          clockOn(day, opts.center.timeZone),
        );
      for (let m = months; m >= 1; m--) {
        // A month's membership runs a month less a day: sold 31 days apart, each ended before the next.
        await sell(at(addDays(today, -31 * m - 1)), {
          memberId,
          centerId: opts.center.id,
          lines: [{ itemType: 'membership', itemId: opts.plan.id, quantity: 1, discountMinor: ZERO }],
          installments: [],
          payment: { method: 'card', amountMinor: minor(opts.plan.priceMinor) },
        });
        sales++;
      }
      if (index % 3 === 0) {
        const day = addDays(today, -180);
        const invoice = await sell(at(day), {
          memberId,
          centerId: opts.center.id,
          lines: [{ itemType: 'package', itemId: pack.id, quantity: 1, discountMinor: ZERO }],
          installments: [],
          payment: { method: 'card', amountMinor: minor(pack.priceMinor) },
        });
        sales++;
        const entitlementId = invoice.lines[0]!.entitlementId!;
        for (let c = 0; c < pack.credits; c++) {
          const used = addDays(day, 7 * (c + 1));
          await appendLedger(at(used), {
            entitlementId,
            memberId,
            rows: [{ kind: 'use', creditsDelta: -1, refType: 'booking', reason: 'Spin class', effectiveOn: used }],
          });
        }
      }
    });
  }
  console.log(
    `  door members' history: ${sales} past sales for ${opts.members.length} new members in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * The load (door-load.ts) in a process of its own, as a real door's readers and browsers are not
 * in the process that prepared the fixture: its connections opened once, then slice after slice.
 */
export async function openDoorLoadApart(
  root: string,
  request: DoorLoadRequest,
): Promise<{ slice(opts: DoorSliceOptions): Promise<DoorSlice>; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/door-load-process.ts')], {
    cwd: join(root, 'bench'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** The child's next answer: what it was asked, or its error, or its exit before either. */
  const answer = <T>(pick: (m: Record<string, unknown>) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        child.off('message', onMessage);
        const value = pick(m);
        if (value !== undefined) resolve(value);
        else reject(new Error(`the door load failed: ${String(m.error)}`));
      };
      child.on('message', onMessage);
      void exited.then((code) => reject(new Error(`the door load exited with ${code} before its answer`)));
    });
  const ready = answer((m) => (m.ready ? true : undefined));
  child.send({ kind: 'open', request });
  await ready;
  return {
    async slice(opts) {
      const slice = answer((m) => m.slice as DoorSlice | undefined);
      child.send({ kind: 'slice', opts });
      return slice;
    },
    async close() {
      if (child.exitCode === null) child.send({ kind: 'close' });
      await exited;
    },
  };
}

/**
 * A floor's server in its own process, as the API server runs in its own: the bare one
 * (`door-floor-server.ts`), or the API server's own stack with no database work
 * (`door-stack-floor-server.ts`, given the centre, on the API server's database through `env`).
 */
export async function startFloorServer(
  root: string,
  script: 'door-floor-server.ts' | 'door-stack-floor-server.ts',
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<{ base: string; stop(): Promise<void> }> {
  // With the API server's own V8 flags: the floors are measured as the server runs.
  const child = spawn(
    process.execPath,
    [...serverNodeFlags().flags, '--import', 'tsx', join(root, 'bench', script), ...args],
    {
      cwd: join(root, 'bench'),
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`the floor server ${script} exited with ${code}`)));
  });
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
