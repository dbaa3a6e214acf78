/**
 * Newline-delimited JSON read as it arrives: the import's commit answers one line per progress step,
 * and the screen moves its progress bar on each one rather than at the end.
 */

/** Splits text chunks into whole lines; a line cut between two chunks waits for its end. */
export function createLineSplitter() {
  let rest = '';
  return {
    push(chunk: string): string[] {
      rest += chunk;
      const parts = rest.split('\n');
      rest = parts.pop() ?? '';
      return parts.map((l) => l.trim()).filter(Boolean);
    },
    end(): string[] {
      const last = rest.trim();
      rest = '';
      return last ? [last] : [];
    },
  };
}

/** Reads a response body line by line, calling `onLine` with each parsed line in order. */
export async function readNdjson<T>(body: ReadableStream<Uint8Array>, onLine: (line: T) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const lines = createLineSplitter();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const line of lines.push(decoder.decode(value, { stream: true }))) onLine(JSON.parse(line) as T);
  }
  for (const line of lines.push(decoder.decode())) onLine(JSON.parse(line) as T);
  for (const line of lines.end()) onLine(JSON.parse(line) as T);
}
