/**
 * The one way to run a property test lives in `@gym/contract/testing/property` (shared with the unit
 * tests); it is re-exported here with the server's own arbitraries:
 *
 *   FC_SEED=<seed> npx vitest run --project server apps/server/src/test/bad-input.test.ts
 *   FC_SEED=<seed> FC_PATH=<path> ...   (jumps straight to the shrunk counterexample of the failing property)
 */
import fc from 'fast-check';

export { checkProperty, FC_SEED } from '@gym/contract/testing/property';

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
