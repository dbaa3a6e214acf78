/**
 * The door bench's load generator (see door.ts): readers that post scans, their browsers that post
 * the entries, and the desk that receives the entry notifications. It runs in a process of its own
 * (door-load-process.ts), apart from the one that prepared the fixture: that one holds the server it
 * prepared with (some 70 MB of live heap), and its major garbage collections paused the taps and
 * toasts of the run by up to 100 ms, a delay no real reader or browser has.
 */
import { Agent, request } from 'node:http';
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { percentile } from './stats.ts';

export interface DoorFixture {
  centerId: string;
  readers: { sn: string; secret: string }[];
  cards: string[];
}

export interface DoorFigures {
  scenario: string;
  /** Taps sent, the warm-ups' included (as are the toasts and entries); the latencies are of the measured taps. */
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
  /** How many slices the run was measured in (see `doorFigures`). */
  slices: number;
}

/** What one slice of a door run measured: its raw samples, merged with the other slices' by `doorFigures`. */
export interface DoorSlice {
  /** Taps sent, the slice's warm-up included, as are its toasts and entries. */
  taps: number;
  measuredTaps: number;
  toasts: number;
  /** Entry rows recorded during the slice (`null` for the floor, NaN when they could not be counted). */
  entries: number | null;
  results: Record<string, number>;
  /** Scans not answered 200, by status (0: not answered at all). */
  refused: Record<string, number>;
  entryFailures: number;
  /** Tap-to-toast of each measured tap (ms). */
  latencies: number[];
  scanTimes: number[];
  entryTimes: number[];
  /** Scan POST sent -> scan at the reader's browser, and entry POST sent -> toast (`BENCH_DOOR_PHASES`). */
  scanToBrowser: number[];
  entryToToast: number[];
  /** How long sending the measured taps took (s). */
  sendSeconds: number;
}

export interface DoorSliceOptions {
  rate: number;
  seconds: number;
  /** Taps sent first at the same rate and not measured (a process just started compiles its hot code). */
  warmupSeconds?: number;
  /** Printed with the slice's timeline (`BENCH_DOOR_TIMELINE`). */
  scenario: string;
}

/** What door-load-process.ts is asked to open: `countWith` is the token the entry records are counted with. */
export interface DoorLoadRequest {
  base: string;
  fixture: DoorFixture;
  countWith?: string;
  /** Where the scan and entry routes are (the door's: `/api/v1/pro`; the stack floor's: its own). */
  routes?: string;
}

/** Entry records of the centre, by the list's total. */
export function entryCounter(base: string, token: string, centerId: string): () => Promise<number> {
  return async () => {
    const res = await fetch(`${base}/api/v1/pro/entries?centerId=${centerId}&pageSize=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`GET /pro/entries answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { total: number }).total;
  };
}

/**
 * The taps' POSTs, on kept-alive connections through node:http: it costs the load generator about
 * half of what `fetch` does per request, CPU that the API server and PostgreSQL share this machine
 * with (a real door's readers and browsers are other machines).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function connect(base: string, auth: Record<string, string>): Promise<Socket> {
  const socket = io(base, { auth, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * The door's readers, their browsers and the desk, connected once: `slice` then sends `rate` scans
 * per second for `seconds`, round robin over the readers and the cards; each reader's browser posts
 * the entry for its reader's scans; the desk records when each entry notification arrives, matched
 * to its tap by the entry's id. The connections stay open between slices, as a door's do.
 */
export async function openDoorLoad(
  base: string,
  f: DoorFixture,
  countEntries?: () => Promise<number>,
  routes = '/api/v1/pro',
): Promise<{ slice(opts: DoorSliceOptions): Promise<DoorSlice>; close(): void }> {
  const login = await fetch(`${base}/api/v1/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'frontdesk@demo.fit', password: 'demo1234' }),
  });
  const { accessToken: token } = (await login.json()) as { accessToken: string };
  // Without the entry records list the count is unknown (NaN), not a failure of the run.
  const count = async () => (countEntries ? countEntries().catch(() => Number.NaN) : 0);
  // BENCH_DOOR_PHASES=1: the tap-to-toast in its two halves (scan POST sent -> scan at the reader's
  // browser; entry POST sent -> toast at the desk), to tell which half a change moved.
  const phases = Boolean(process.env.BENCH_DOOR_PHASES);

  /** The slice being sent: what the sockets' handlers record into. */
  let cur = newSliceState();
  const browsers = await Promise.all(
    f.readers.map(async (r) => {
      const socket = await connect(base, { token, center_id: f.centerId, reader: r.sn });
      const seen = new Set<string>();
      socket.on(REALTIME_EVENT, (raw: string) => {
        const m = JSON.parse(raw) as { action: string; reader?: string; card?: string; scan_id?: string };
        if (m.action !== 'scan' || m.reader !== r.sn || !m.scan_id || seen.has(m.scan_id)) return;
        seen.add(m.scan_id);
        const s = cur;
        const posted = performance.now();
        if (phases) {
          const tap = s.sentAt.get(m.scan_id);
          if (tap?.measured) s.scanToBrowser.push(posted - tap.at);
          s.postedAt.set(m.scan_id, posted);
        }
        s.entryPosts.push(
          post(
            `${base}${routes}/card/${encodeURIComponent(m.card!)}/entry/`,
            // As the web app's door loop sends it (features/door/taps.ts): the scan id is also the Idempotency-Key.
            { authorization: `Bearer ${token}`, 'idempotency-key': m.scan_id! },
            JSON.stringify({ center_id: f.centerId, sn: r.sn, scan_id: m.scan_id, source: 'reader' }),
          )
            .then((res) => {
              let answer: { entry?: { id?: string } } | null = null;
              try {
                answer = JSON.parse(res.text);
              } catch {
                // not JSON: no entry to match
              }
              s.entryTimes.push(performance.now() - posted);
              if (SLOW_MS) s.answeredAt.set(m.scan_id!, performance.now());
              if (answer?.entry?.id) s.answered(answer.entry.id, m.scan_id!);
            })
            .catch(() => {
              s.entryFailures += 1;
            }),
        );
      });
      return socket;
    }),
  );
  const desk = await connect(base, { token, center_id: f.centerId });
  desk.on(REALTIME_EVENT, (raw: string) => {
    const at = performance.now();
    const m = JSON.parse(raw) as { action: string; entry?: { id: string; result: string } };
    if (m.action !== 'entry' || !m.entry?.id) return;
    cur.toasted(m.entry.id, { at, result: m.entry.result });
  });
  await new Promise((r) => setTimeout(r, 300));

  let slices = 0;
  const run = Date.now().toString(36);
  return {
    async slice(opts) {
      const s = newSliceState();
      cur = s;
      const before = await count();
      const total = Math.round(opts.rate * opts.seconds);
      const warmup = Math.round(opts.rate * (opts.warmupSeconds ?? 0));
      const prefix = `${run}-${slices++}`;
      const posts: Promise<void>[] = [];
      let next = 0;
      /** Sends `count` taps at the rate; answers how long sending took (ms). */
      const send = async (n: number, measured: boolean) => {
        const from = performance.now();
        for (let k = 0; k < n; k++) {
          const wait = from + (k * 1000) / opts.rate - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const i = next++;
          const reader = f.readers[i % f.readers.length]!;
          const card = f.cards[i % f.cards.length]!;
          const sent = performance.now();
          const scanId = `${reader.sn}-${prefix}-${i}`;
          s.sentAt.set(scanId, { at: sent, measured });
          posts.push(
            post(
              `${base}${routes}/readers/${reader.sn}/scans`,
              { 'x-reader-secret': reader.secret },
              JSON.stringify({ scanId, card, at: new Date().toISOString() }),
            )
              .then((res) => {
                if (measured) s.scanTimes.push(performance.now() - sent);
                if (res.status !== 200) s.refused[res.status] = (s.refused[res.status] ?? 0) + 1;
              })
              // Not answered at all (the server overwhelmed): counted as refused with status 0.
              .catch(() => {
                s.refused[0] = (s.refused[0] ?? 0) + 1;
              }),
          );
        }
        return performance.now() - from;
      };
      if (warmup > 0) {
        await send(warmup, false);
        // The warm-up's toasts are in before the measured taps start (at most 10 s more).
        for (const end = Date.now() + 10_000; s.warmupToasts < warmup && Date.now() < end; )
          await new Promise((r) => setTimeout(r, 50));
        s.entryTimes.length = 0;
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
      const sendSeconds = (await send(total, true)) / 1000;
      await Promise.all(posts);
      // The last toasts: at most 10 s more.
      for (const end = Date.now() + 10_000; s.latencies.length < total && Date.now() < end; )
        await new Promise((r) => setTimeout(r, 50));
      await Promise.allSettled(s.entryPosts);
      if (ticker) clearInterval(ticker);
      const after = await count();

      if (SLOW_MS)
        console.log(
          `${opts.scenario}, taps over ${SLOW_MS} ms (at s: total = scan half + entry; entry POST answered, toast after POST): ${
            s.slow
              .map(
                ([t, l, a, p, b]) =>
                  `${((t - started) / 1000).toFixed(2)}s: ${l.toFixed(0)} = ${a.toFixed(1)} + ${b.toFixed(1)} (POST ${p.toFixed(1)})`,
              )
              .join('; ') || 'none'
          }`,
        );
      if (process.env.BENCH_DOOR_TIMELINE) {
        const worst = new Map<number, number>();
        for (const [t, l] of s.timeline) {
          const k = Math.floor((t - started) / 500);
          worst.set(k, Math.max(worst.get(k) ?? 0, l));
        }
        console.log(
          `${opts.scenario}, measured from ${new Date(Date.now() - (performance.now() - started)).toISOString()}, worst per half second: ${[...worst].map(([k, l]) => `${k / 2}s ${Math.round(l)}`).join(', ')}`,
        );
        console.log(
          `${opts.scenario}, the load generator's stalls over 10 ms: ${
            stalls
              .map(([t, d]) => `${(Math.floor((t - started) / 500) / 2).toFixed(1)}s ${Math.round(d)}`)
              .join(', ') || 'none'
          }`,
        );
      }
      return {
        taps: total + warmup,
        measuredTaps: total,
        toasts: s.latencies.length + s.warmupToasts,
        entries: countEntries ? after - before : null,
        results: Object.fromEntries(s.results),
        refused: s.refused,
        entryFailures: s.entryFailures,
        latencies: s.latencies,
        scanTimes: s.scanTimes,
        entryTimes: s.entryTimes,
        scanToBrowser: s.scanToBrowser,
        entryToToast: s.entryToToast,
        sendSeconds,
      };
    },
    close() {
      for (const socket of [...browsers, desk]) socket.close();
      agent.destroy();
    },
  };
}

const SLOW_MS = Number(process.env.BENCH_DOOR_SLOW ?? 0);

/** One slice's bookkeeping: taps sent, entries posted, toasts matched to their taps. */
function newSliceState() {
  const s = {
    sentAt: new Map<string, { at: number; measured: boolean }>(),
    postedAt: new Map<string, number>(),
    entryPosts: [] as Promise<unknown>[],
    latencies: [] as number[],
    scanTimes: [] as number[],
    entryTimes: [] as number[],
    scanToBrowser: [] as number[],
    entryToToast: [] as number[],
    timeline: [] as [number, number][],
    /** BENCH_DOOR_SLOW=ms: each slower tap's time, tap-to-toast, scan half, entry POST's answer and toast after the POST. */
    slow: [] as [number, number, number, number, number][],
    answeredAt: new Map<string, number>(),
    results: new Map<string, number>(),
    refused: {} as Record<string, number>,
    entryFailures: 0,
    warmupToasts: 0,
    // A toast is matched to its tap by the entry's id, which the reader browser's POST answers (the
    // toast may arrive before that answer or after it): matched by card, one tap not announced (a
    // duplicate) would have shifted every later toast of that card onto the tap before.
    scanOfEntry: new Map<string, string>(),
    toastOfEntry: new Map<string, { at: number; result: string }>(),
    record(scanId: string, toast: { at: number; result: string }) {
      const tap = s.sentAt.get(scanId);
      if (tap === undefined) return;
      s.sentAt.delete(scanId);
      if (!tap.measured) {
        s.warmupToasts += 1;
        return;
      }
      s.latencies.push(toast.at - tap.at);
      const posted = s.postedAt.get(scanId);
      if (SLOW_MS && toast.at - tap.at > SLOW_MS && posted !== undefined)
        s.slow.push([
          tap.at,
          toast.at - tap.at,
          posted - tap.at,
          (s.answeredAt.get(scanId) ?? Number.NaN) - posted,
          toast.at - posted,
        ]);
      if (posted !== undefined) {
        s.postedAt.delete(scanId);
        s.entryToToast.push(toast.at - posted);
      }
      // BENCH_DOOR_TIMELINE=1: the worst tap-to-toast per half second of the slice, to tell a queue from a hiccup.
      if (process.env.BENCH_DOOR_TIMELINE) s.timeline.push([tap.at, toast.at - tap.at]);
      s.results.set(toast.result, (s.results.get(toast.result) ?? 0) + 1);
    },
    answered(entryId: string, scanId: string) {
      const toast = s.toastOfEntry.get(entryId);
      if (toast) {
        s.toastOfEntry.delete(entryId);
        s.record(scanId, toast);
      } else s.scanOfEntry.set(entryId, scanId);
    },
    toasted(entryId: string, toast: { at: number; result: string }) {
      const scanId = s.scanOfEntry.get(entryId);
      if (scanId === undefined) s.toastOfEntry.set(entryId, toast);
      else {
        s.scanOfEntry.delete(entryId);
        s.record(scanId, toast);
      }
    },
  };
  return s;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const merged = (slices: DoorSlice[], pick: (s: DoorSlice) => number[]) => slices.flatMap(pick).sort((a, b) => a - b);

/**
 * A scenario's figures from its slices: taps, toasts and entries added up, the latencies' samples
 * merged before their percentiles are taken (a percentile of percentiles would not be one).
 */
export function doorFigures(scenario: string, slices: DoorSlice[]): DoorFigures {
  const latencies = merged(slices, (s) => s.latencies);
  const scanTimes = merged(slices, (s) => s.scanTimes);
  const entryTimes = merged(slices, (s) => s.entryTimes);
  const results = new Map<string, number>();
  const refused = new Map<string, number>();
  for (const s of slices) {
    for (const [k, n] of Object.entries(s.results)) results.set(k, (results.get(k) ?? 0) + n);
    for (const [k, n] of Object.entries(s.refused)) refused.set(k, (refused.get(k) ?? 0) + n);
  }
  const entryFailures = sum(slices.map((s) => s.entryFailures));
  const round = (n: number) => Math.round(n * 10) / 10;
  const measuredTaps = sum(slices.map((s) => s.measuredTaps));
  return {
    scenario,
    taps: sum(slices.map((s) => s.taps)),
    measuredTaps,
    toasts: sum(slices.map((s) => s.toasts)),
    entries: slices.some((s) => s.entries === null) ? null : sum(slices.map((s) => s.entries!)),
    results:
      [...results].map(([k, n]) => `${k} ${n}`).join(', ') +
      (refused.size ? `; scans refused ${[...refused].map(([st, n]) => `${st}: ${n}`).join(', ')}` : '') +
      (entryFailures ? `; entry POSTs failed ${entryFailures}` : ''),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    scanPostP99: round(percentile(scanTimes, 99)),
    entryPostP99: round(percentile(entryTimes, 99)),
    ratePerSec: round(measuredTaps / sum(slices.map((s) => s.sendSeconds))),
    slices: slices.length,
  };
}

/** The tap-to-toast's two halves over a scenario's slices (`BENCH_DOOR_PHASES`). */
export function doorPhases(scenario: string, slices: DoorSlice[]): string {
  const line = (what: string, xs: number[]) => {
    const at = (p: number) => percentile(xs, p).toFixed(1);
    return `${what} p50 ${at(50)} p95 ${at(95)} p99 ${at(99)} ms`;
  };
  return `${scenario}: ${line(
    'scan POST sent -> scan at the browser',
    merged(slices, (s) => s.scanToBrowser),
  )}; ${line(
    'entry POST',
    merged(slices, (s) => s.entryTimes),
  )}; ${line(
    'entry POST sent -> toast',
    merged(slices, (s) => s.entryToToast),
  )}`;
}
