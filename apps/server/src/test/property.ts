/**
 * The one way to run a property test. Every run uses one seed, printed at the start and in every
 * failure with the counterexample's path, so a red CI replays exactly:
 *
 *   FC_SEED=<seed> npx vitest run --project server apps/server/src/test/bad-input.test.ts
 *   FC_SEED=<seed> FC_PATH=<path> ...   (jumps straight to the shrunk counterexample of the failing property)
 */
import fc from 'fast-check';

function seedFromEnv(): number {
  const raw = process.env.FC_SEED;
  if (raw === undefined || raw === '') return (Date.now() ^ (Math.random() * 0x100000000)) | 0;
  const seed = Number(raw);
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${raw}"`);
  return seed;
}

export const FC_SEED = seedFromEnv();
const FC_PATH = process.env.FC_PATH || undefined;
console.info(`fast-check seed=${FC_SEED} (replay with FC_SEED=${FC_SEED})`);

/**
 * Runs a property with the run's seed; on failure throws a message that starts with the property's
 * name, `seed=... path=...` and the command that replays it, followed by fast-check's report.
 */
export async function checkProperty<T>(
  name: string,
  property: fc.IAsyncProperty<T> | fc.IProperty<T>,
  params: Omit<fc.Parameters<T>, 'seed' | 'path'> = {},
): Promise<void> {
  const details = await fc.check(property as fc.IAsyncProperty<T>, {
    ...params,
    seed: FC_SEED,
    ...(FC_PATH ? { path: FC_PATH } : {}),
  });
  if (!details.failed) return;
  const path = details.counterexamplePath ?? '';
  throw new Error(
    `Property "${name}" failed: seed=${details.seed} path=${path}\n` +
      `Replay: FC_SEED=${details.seed} FC_PATH=${path} npx vitest run <this test file>\n\n` +
      (fc.defaultReportMessage(details) ?? ''),
  );
}

/**
 * A path parameter that travels as exactly one URL segment: any text except `.` and `..` (URL
 * parsers resolve them, and their encodings %2E and %2E%2E, as dot segments, so `/staff/.` would
 * reach the list route). The caller encodes it with `encodeURIComponent`.
 */
export const pathSegment = (constraints: { minLength?: number; maxLength?: number } = {}) =>
  fc
    .oneof(fc.string({ minLength: 1, maxLength: 60, ...constraints }), fc.integer().map(String))
    .filter((s) => s !== '.' && s !== '..');

/** `true` when the encoded text survives URL parsing as the one segment it was sent as. */
export function isOneSegment(value: string): boolean {
  const encoded = encodeURIComponent(value);
  return new URL(`http://localhost/a/${encoded}`).pathname === `/a/${encoded}`;
}
