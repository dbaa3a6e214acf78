/**
 * The disk's flush latency beside the door's run: every `everyMs`, an 8 KB write and an `fdatasync`
 * in `dir` (the bench's temporary directory, where its own PostgreSQL keeps its data), timed. A door's entry waits for PostgreSQL to flush its
 * commit to this disk, and a floor waits for no disk: when the disk stalls (this machine's shares
 * its storage), the door's slowest taps come with the probe's slowest flushes. The probe runs in
 * the bench process, off its event loop (libuv's threads), and writes one block a tenth of a second.
 */
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { percentile } from './stats.ts';

export interface DiskProbe {
  /** The flushes that started between `from` and `to` (performance.now() of this process). */
  between(from: number, to: number): number[];
  stop(): Promise<void>;
}

export function startDiskProbe(dir: string, everyMs = 100): DiskProbe {
  const file = join(dir, 'disk-probe');
  const samples: { at: number; ms: number }[] = [];
  let stopped = false;
  const run = (async () => {
    const handle = await open(file, 'w');
    const block = Buffer.alloc(8192, 1);
    try {
      for (let i = 0; !stopped; i++) {
        const at = performance.now();
        // Over the same 64 blocks, as a WAL segment is written over: no file growth, no metadata.
        await handle.write(block, 0, block.length, (i % 64) * block.length);
        await handle.datasync();
        samples.push({ at, ms: performance.now() - at });
        await new Promise((r) => setTimeout(r, everyMs));
      }
    } finally {
      await handle.close();
      await rm(file, { force: true });
    }
  })();
  return {
    between: (from, to) => samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms),
    async stop() {
      stopped = true;
      await run;
    },
  };
}

/** A line of flush figures: p50, p99, max and how many took over 50 ms. */
export function flushLine(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(1);
  return `${sorted.length} flushes, p50 ${at(50)} p99 ${at(99)} max ${(sorted.at(-1) ?? 0).toFixed(0)} ms, ${sorted.filter((x) => x > 50).length} over 50 ms`;
}
