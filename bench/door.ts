/**
 * The door loop, end to end (issue "card readers and entries"): a physical reader posts a scan
 * (`POST /pro/readers/{sn}/scans`), the server publishes the card-reader event to the reader's
 * centre, the browser that owns the reader posts the entry (`POST /pro/card/{card}/entry/`), and the
 * entry notification reaches every browser of the centre. Measured: tap-to-toast, from the scan's
 * POST leaving the reader to the entry notification arriving at a second browser of the centre
 * (the front desk); and entries recorded against taps sent.
 *
 * The floor: the same round trip (scan POST, socket message to the reader's browser, its POST,
 * socket message to the desk) through a bare server with the same HTTP and Socket.IO stack and
 * no database or domain work (`door-floor-server.ts`), at the same rate.
 *
 * Taps are spread over several readers of one centre (a real door reader never sends 100 scans a
 * second, and each reader is rate-limited), each with its own reader browser, as at a busy gym's
 * gates; the desk is one more browser at that centre. The members have distinct cards, each tapped
 * again only seconds later, and the duplicate-tap window is 1 s: every tap is checked against the
 * window as at a real door (a window of 0 skips the check), and none is swallowed as a repeat.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DEMO_INITIAL } from '@gym/contract/demo';
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { and, eq, like } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { cards as cardsTable, centers, membershipPlans, organisations } from '../apps/server/src/db/schema/index.ts';
import type { RunningServer } from '../apps/server/src/server.ts';
import { percentile } from './member-search.ts';

export interface DoorFixture {
  centerId: string;
  readers: { sn: string; secret: string }[];
  cards: string[];
}

export interface DoorFigures {
  scenario: string;
  /** Taps sent, the warm-up's included (as are the toasts and entries); the latencies are of the measured taps. */
  taps: number;
  measuredTaps: number;
  toasts: number;
  /** Entry rows recorded during the run (`null` for the floor). */
  entries: number | null;
  results: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  scanPostP99: number;
  /** The reader browser's entry POST, sent to answered. */
  entryPostP99: number;
  ratePerSec: number;
}

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
  opts: { memberCount: number; readerCount: number },
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
    cards.push(card);
  }
  return { centerId: center!.id, readers, cards };
}

function connect(base: string, auth: Record<string, string>): Promise<Socket> {
  const socket = io(base, { auth, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Sends `rate` scans per second for `seconds`, round robin over the readers and the cards; each
 * reader's browser posts the entry for its reader's scans; the desk records when each entry
 * notification arrives, matched to its tap by the entry's id.
 */
export async function doorLoad(
  base: string,
  f: DoorFixture,
  opts: {
    rate: number;
    seconds: number;
    /** Taps sent first at the same rate and not measured (a process just started compiles its hot code). */
    warmupSeconds?: number;
    scenario: string;
    countEntries?: () => Promise<number>;
  },
): Promise<DoorFigures> {
  const login = await fetch(`${base}/api/v1/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'frontdesk@demo.fit', password: 'demo1234' }),
  });
  const { accessToken: token } = (await login.json()) as { accessToken: string };
  // Without the entry records list the count is unknown (NaN), not a failure of the run.
  const count = async () => (opts.countEntries ? opts.countEntries().catch(() => Number.NaN) : 0);
  const before = await count();

  const entryPosts: Promise<unknown>[] = [];
  const entryTimes: number[] = [];
  let entryFailures = 0;
  const browsers = await Promise.all(
    f.readers.map(async (r) => {
      const socket = await connect(base, { token, center_id: f.centerId, reader: r.sn });
      const seen = new Set<string>();
      socket.on(REALTIME_EVENT, (raw: string) => {
        const m = JSON.parse(raw) as { action: string; reader?: string; card?: string; scan_id?: string };
        if (m.action !== 'scan' || m.reader !== r.sn || !m.scan_id || seen.has(m.scan_id)) return;
        seen.add(m.scan_id);
        const posted = performance.now();
        entryPosts.push(
          fetch(`${base}/api/v1/pro/card/${encodeURIComponent(m.card!)}/entry/`, {
            method: 'POST',
            // As the web app's door loop sends it (features/door/taps.ts): the scan id is also the Idempotency-Key.
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${token}`,
              'idempotency-key': m.scan_id!,
            },
            body: JSON.stringify({ center_id: f.centerId, sn: r.sn, scan_id: m.scan_id, source: 'reader' }),
          })
            .then(async (res) => {
              const answer = (await res.json().catch(() => null)) as { entry?: { id?: string } } | null;
              entryTimes.push(performance.now() - posted);
              if (answer?.entry?.id) answered(answer.entry.id, m.scan_id!);
            })
            .catch(() => {
              entryFailures += 1;
            }),
        );
      });
      return socket;
    }),
  );
  const sentAt = new Map<string, { at: number; measured: boolean }>();
  const latencies: number[] = [];
  let warmupToasts = 0;
  const timeline: [number, number][] = [];
  const results = new Map<string, number>();
  // A toast is matched to its tap by the entry's id, which the reader browser's POST answers (the
  // toast may arrive before that answer or after it): matched by card, one tap not announced (a
  // duplicate) would have shifted every later toast of that card onto the tap before.
  const scanOfEntry = new Map<string, string>();
  const toastOfEntry = new Map<string, { at: number; result: string }>();
  const record = (scanId: string, toast: { at: number; result: string }) => {
    const tap = sentAt.get(scanId);
    if (tap === undefined) return;
    sentAt.delete(scanId);
    if (!tap.measured) {
      warmupToasts += 1;
      return;
    }
    latencies.push(toast.at - tap.at);
    // BENCH_DOOR_TIMELINE=1: the worst tap-to-toast per half second of the run, to tell a queue from a hiccup.
    if (process.env.BENCH_DOOR_TIMELINE) timeline.push([tap.at, toast.at - tap.at]);
    results.set(toast.result, (results.get(toast.result) ?? 0) + 1);
  };
  const answered = (entryId: string, scanId: string) => {
    const toast = toastOfEntry.get(entryId);
    if (toast) {
      toastOfEntry.delete(entryId);
      record(scanId, toast);
    } else scanOfEntry.set(entryId, scanId);
  };
  const desk = await connect(base, { token, center_id: f.centerId });
  desk.on(REALTIME_EVENT, (raw: string) => {
    const at = performance.now();
    const m = JSON.parse(raw) as { action: string; entry?: { id: string; result: string } };
    if (m.action !== 'entry' || !m.entry?.id) return;
    const scanId = scanOfEntry.get(m.entry.id);
    if (scanId === undefined) toastOfEntry.set(m.entry.id, { at, result: m.entry.result });
    else {
      scanOfEntry.delete(m.entry.id);
      record(scanId, { at, result: m.entry.result });
    }
  });
  await new Promise((r) => setTimeout(r, 300));

  const total = Math.round(opts.rate * opts.seconds);
  const warmup = Math.round(opts.rate * (opts.warmupSeconds ?? 0));
  const run = Date.now().toString(36);
  const scanTimes: number[] = [];
  const refused = new Map<number, number>();
  const posts: Promise<void>[] = [];
  let next = 0;
  /** Sends `count` taps at the rate; answers how long sending took (ms). */
  const send = async (count: number, measured: boolean) => {
    const from = performance.now();
    for (let n = 0; n < count; n++) {
      const wait = from + (n * 1000) / opts.rate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const i = next++;
      const reader = f.readers[i % f.readers.length]!;
      const card = f.cards[i % f.cards.length]!;
      const sent = performance.now();
      const scanId = `${reader.sn}-${run}-${i}`;
      sentAt.set(scanId, { at: sent, measured });
      posts.push(
        fetch(`${base}/api/v1/pro/readers/${reader.sn}/scans`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-reader-secret': reader.secret },
          body: JSON.stringify({ scanId, card, at: new Date().toISOString() }),
        })
          .then(async (res) => {
            await res.arrayBuffer();
            if (measured) scanTimes.push(performance.now() - sent);
            if (res.status !== 200) refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
          })
          // Not answered at all (the server overwhelmed): counted as refused with status 0.
          .catch(() => {
            refused.set(0, (refused.get(0) ?? 0) + 1);
          }),
      );
    }
    return performance.now() - from;
  };
  if (warmup > 0) {
    await send(warmup, false);
    // The warm-up's toasts are in before the measured taps start (at most 10 s more).
    for (const end = Date.now() + 10_000; warmupToasts < warmup && Date.now() < end; )
      await new Promise((r) => setTimeout(r, 50));
    entryTimes.length = 0;
  }
  const started = performance.now();
  // With the timeline, this process's own stalls too (a 5 ms tick that comes late): a toast late
  // because the load generator was busy is not the server's.
  const stalls: [number, number][] = [];
  let tick = performance.now();
  const ticker = process.env.BENCH_DOOR_TIMELINE
    ? setInterval(() => {
        const now = performance.now();
        if (now - tick > 15) stalls.push([tick, now - tick - 5]);
        tick = now;
      }, 5)
    : null;
  const elapsed = (await send(total, true)) / 1000;
  await Promise.all(posts);
  // The last toasts: at most 10 s more.
  for (const end = Date.now() + 10_000; latencies.length < total && Date.now() < end; )
    await new Promise((r) => setTimeout(r, 50));
  await Promise.allSettled(entryPosts);
  for (const s of [...browsers, desk]) s.close();
  if (ticker) clearInterval(ticker);
  const after = await count();

  if (process.env.BENCH_DOOR_TIMELINE) {
    const worst = new Map<number, number>();
    for (const [t, l] of timeline) {
      const k = Math.floor((t - started) / 500);
      worst.set(k, Math.max(worst.get(k) ?? 0, l));
    }
    console.log(
      `${opts.scenario}, measured from ${new Date(Date.now() - (performance.now() - started)).toISOString()}, worst per half second: ${[...worst].map(([k, l]) => `${k / 2}s ${Math.round(l)}`).join(', ')}`,
    );
    console.log(
      `${opts.scenario}, the load generator's stalls over 10 ms: ${
        stalls.map(([t, d]) => `${(Math.floor((t - started) / 500) / 2).toFixed(1)}s ${Math.round(d)}`).join(', ') ||
        'none'
      }`,
    );
  }
  latencies.sort((a, b) => a - b);
  scanTimes.sort((a, b) => a - b);
  entryTimes.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    scenario: opts.scenario,
    taps: total + warmup,
    measuredTaps: total,
    toasts: latencies.length + warmupToasts,
    entries: opts.countEntries ? after - before : null,
    results:
      [...results].map(([k, n]) => `${k} ${n}`).join(', ') +
      (refused.size ? `; scans refused ${[...refused].map(([s, n]) => `${s}: ${n}`).join(', ')}` : '') +
      (entryFailures ? `; entry POSTs failed ${entryFailures}` : ''),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    scanPostP99: round(percentile(scanTimes, 99)),
    entryPostP99: round(percentile(entryTimes, 99)),
    ratePerSec: round(total / elapsed),
  };
}

/** The floor's server (`door-floor-server.ts`) in its own process, as the API server runs in its own. */
export async function startFloorServer(root: string): Promise<{ base: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/door-floor-server.ts')], {
    cwd: join(root, 'bench'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
  });
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
