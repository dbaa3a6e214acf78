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
