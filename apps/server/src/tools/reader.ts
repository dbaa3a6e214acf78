/**
 * The card reader simulator: sends scans as a physical reader does, to
 * `POST /api/v1/pro/readers/{sn}/scans` with its secret in `X-Reader-Secret`.
 *
 *   npm run reader -- --url http://localhost:3000 --sn DEMO-READER-1 --secret demo-reader-secret --card 0001234567
 *   npm run reader -- ... --repeat 100 --rate 20     (100 scans at 20 per second; prints counts and latency)
 *
 * Every scan of a run has its own scan id. Exit 0 when every scan was accepted; 1 when the server
 * refused one (its error is printed); 2 on bad arguments or when the server cannot be reached.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run reader -- --sn SN --secret SECRET --card CARD [--url http://localhost:3000] [--repeat N] [--rate R]
  --url      the server (default http://localhost:3000)
  --sn       the reader's serial number
  --secret   the reader's secret (or READER_SECRET in the environment)
  --card     the card number tapped
  --repeat   how many scans to send (default 1)
  --rate     scans per second when repeating (default 10)`;

export interface ScanResult {
  status: number;
  ms: number;
  accepted?: boolean;
  error?: string;
  message?: string;
}

/** Sends one scan; answers the status, the time to the answer, and what the server said. */
export async function sendScan(
  url: string,
  sn: string,
  secret: string,
  scan: { scanId: string; card: string; at: string },
): Promise<ScanResult> {
  const started = performance.now();
  const res = await fetch(`${url.replace(/\/+$/, '')}/api/v1/pro/readers/${encodeURIComponent(sn)}/scans`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-reader-secret': secret },
    body: JSON.stringify(scan),
  });
  const body = (await res.json().catch(() => ({}))) as { accepted?: boolean; error?: string; message?: string };
  return { status: res.status, ms: performance.now() - started, ...body };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(argv: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string', default: 'http://localhost:3000' },
        sn: { type: 'string' },
        secret: { type: 'string' },
        card: { type: 'string' },
        repeat: { type: 'string', default: '1' },
        rate: { type: 'string', default: '10' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);
  const secret = str(values.secret) ?? process.env.READER_SECRET;
  const repeat = Number(values.repeat);
  const rate = Number(values.rate);
  if (values.help || !values.sn || !secret || !values.card) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (!Number.isInteger(repeat) || repeat < 1 || !(rate > 0)) {
    console.error(`--repeat must be a whole number from 1, --rate a number above 0\n${USAGE}`);
    return 2;
  }
  const [url, sn, card] = [str(values.url) ?? 'http://localhost:3000', values.sn as string, values.card as string];
  // Unique per run: the server takes a repeated scan id for a retry of the same scan.
  const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const scanOf = (i: number) => ({ scanId: `${sn}-${run}-${i}`, card, at: new Date().toISOString() });

  try {
    if (repeat === 1) {
      const r = await sendScan(url, sn, secret, scanOf(1));
      if (r.status === 200 && r.accepted) {
        console.log(`accepted: card ${card} at reader ${sn} (${r.ms.toFixed(1)} ms)`);
        return 0;
      }
      console.error(
        `refused: ${r.status} ${r.error ?? (r.accepted === false ? 'already_received' : '')} ${r.message ?? ''}`,
      );
      return 1;
    }
    // Open loop: scan i leaves at start + i / rate, whether or not the earlier ones were answered.
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: repeat }, async (_, i) => {
        const wait = started + (i * 1000) / rate - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        return sendScan(url, sn, secret, scanOf(i + 1)).catch(
          (err: Error): ScanResult => ({ status: 0, ms: 0, error: 'network', message: err.message }),
        );
      }),
    );
    const accepted = results.filter((r) => r.status === 200 && r.accepted).length;
    const refused = results.filter((r) => !(r.status === 200 && r.accepted));
    const byError = new Map<string, number>();
    for (const r of refused) {
      const key = `${r.status} ${r.error ?? 'already_received'}`;
      byError.set(key, (byError.get(key) ?? 0) + 1);
    }
    const ms = results
      .filter((r) => r.status !== 0)
      .map((r) => r.ms)
      .sort((a, b) => a - b);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `sent ${repeat} scans in ${seconds.toFixed(1)} s (${(repeat / seconds).toFixed(1)}/s): accepted ${accepted}, refused ${refused.length}` +
        `${byError.size ? ` (${[...byError].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}; ` +
        `latency p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms`,
    );
    const first = refused[0];
    if (first) console.error(`first refusal: ${first.status} ${first.error ?? ''} ${first.message ?? ''}`);
    return refused.length === 0 ? 0 : 1;
  } catch (err) {
    console.error(`cannot reach ${url}: ${(err as Error).message}`);
    return 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
