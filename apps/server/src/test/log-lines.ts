import { Writable } from 'node:stream';

/** A stream a logger can write to, and the lines it received (for tests of what the log shows). */
export function logLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}
