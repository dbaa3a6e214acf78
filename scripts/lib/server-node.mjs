import { execFileSync } from 'node:child_process';

/**
 * The V8 flags the API server runs with, wherever it is started as it ships (`npm start`, the e2e
 * tests' app, the bench's API server and its floors).
 *
 * - `--heap-growing-percent=100`: after a full collection the old generation may double before the
 *   next one. A busy door keeps every realtime message of the last minutes for connection-state
 *   recovery, so the old generation grows steadily; with V8's own factor (as low as 1.1) it was
 *   collected every ~5 s at 100 taps/s, each time with a pause of 5-22 ms.
 * - `--no-memory-reducer`: no full collection (with compaction) when the allocation rate drops,
 *   which paused the server up to ~20 ms when the next tap came, and shrank the heap only for it
 *   to grow back through more collections.
 *
 * Decision 353 has the figures. The heap then stays near twice what is live (~150 MB for a busy
 * server), which is what these flags cost.
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=100', '--no-memory-reducer'];

let known = null;

/** `SERVER_NODE_FLAGS` split by whether a V8 whose `--v8-options` text is `options` knows them. */
export function partitionFlags(options) {
  const names = new Set([...options.matchAll(/^\s+--([a-z0-9-]+) /gm)].map((m) => m[1]));
  const nameOf = (flag) => flag.replace(/^--(no-)?/, '').replace(/=.*$/, '');
  return {
    flags: SERVER_NODE_FLAGS.filter((f) => names.has(nameOf(f))),
    unknown: SERVER_NODE_FLAGS.filter((f) => !names.has(nameOf(f))),
  };
}

/**
 * `SERVER_NODE_FLAGS` that this Node's V8 knows (a V8 that dropped one would refuse to start with
 * it), and those it does not, to be named.
 */
export function serverNodeFlags() {
  known ??= partitionFlags(execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }));
  return known;
}
