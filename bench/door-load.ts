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

/** What door-load-process.ts runs: `countWith` is the token the entry records are counted with. */
export interface DoorLoadRequest {
  base: string;
  fixture: DoorFixture;
  opts: Omit<Parameters<typeof doorLoad>[2], 'countEntries'>;
  countWith?: string;
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
  // BENCH_DOOR_PHASES=1: the tap-to-toast in its two halves (scan POST sent -> scan at the reader's
  // browser; entry POST sent -> toast at the desk), to tell which half a change moved.
  const phases = Boolean(process.env.BENCH_DOOR_PHASES);
  const scanToBrowser: number[] = [];
  const entryToToast: number[] = [];
  const postedAt = new Map<string, number>();
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
        if (phases) {
          const tap = sentAt.get(m.scan_id);
          if (tap?.measured) scanToBrowser.push(posted - tap.at);
          postedAt.set(m.scan_id, posted);
        }
        entryPosts.push(
          post(
            `${base}/api/v1/pro/card/${encodeURIComponent(m.card!)}/entry/`,
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
    const posted = postedAt.get(scanId);
    if (posted !== undefined) {
      postedAt.delete(scanId);
      entryToToast.push(toast.at - posted);
    }
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
        post(
          `${base}/api/v1/pro/readers/${reader.sn}/scans`,
          { 'x-reader-secret': reader.secret },
          JSON.stringify({ scanId, card, at: new Date().toISOString() }),
        )
          .then((res) => {
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
  agent.destroy();
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
  if (phases) {
    const line = (what: string, xs: number[]) => {
      xs.sort((a, b) => a - b);
      const at = (p: number) => percentile(xs, p).toFixed(1);
      return `${what} p50 ${at(50)} p95 ${at(95)} p99 ${at(99)} ms`;
    };
    entryTimes.sort((a, b) => a - b);
    console.log(
      `${opts.scenario}: ${line('scan POST sent -> scan at the browser', scanToBrowser)}; ${line('entry POST', [...entryTimes])}; ${line('entry POST sent -> toast', entryToToast)}`,
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
