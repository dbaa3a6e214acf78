/// <reference types="node" />
/**
 * The one way to run a property test, for every test project (the server's and the unit tests of
 * the contract and the web app). Every run uses one seed, printed at the start and in every failure
 * with the counterexample's path, so a red CI replays exactly:
 *
 *   FC_SEED=<seed> npx vitest run --project unit packages/contract/src/money.test.ts
 *   FC_SEED=<seed> FC_PATH=<path> ...   (jumps straight to the shrunk counterexample of the failing property)
 *
 * Test code only: nothing outside a test imports this file.
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

/** The message a failed property throws: its name, `seed=... path=...`, the replay command, then fast-check's report. */
export function failureMessage(name: string, details: fc.RunDetails<unknown>): string {
  const path = details.counterexamplePath ?? '';
  return (
    `Property "${name}" failed: seed=${details.seed} path=${path}\n` +
    `Replay: FC_SEED=${details.seed} FC_PATH=${path} npx vitest run <this test file>\n\n` +
    (fc.defaultReportMessage(details) ?? '')
  );
}

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
  if (details.failed) throw new Error(failureMessage(name, details as fc.RunDetails<unknown>));
}
