/** The part of `fontkit` 2 (which ships no types) that `lib/pdf-fontkit.ts` uses. */
declare module 'fontkit' {
  export function create(buffer: Buffer, postscriptName?: string): unknown;
}
