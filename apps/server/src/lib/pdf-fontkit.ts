/**
 * pdf-lib's font engine, backed by `fontkit` 2 instead of `@pdf-lib/fontkit` 1.1.1: the latter's
 * TrueType subsetter writes a short `loca` table without padding odd-length glyphs and drops the
 * components of composite glyphs, so most Chinese characters of a subset print blank (the text is
 * still extractable, which is why only rendering shows it). pdf-lib accepts any object with
 * `create()`; the one difference is that pdf-lib reads a subset through `encodeStream()` (data,
 * end and error events), which fontkit 2 replaced with `encode()`.
 */
import * as fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

type Handler = (value?: unknown) => void;

interface Subset {
  encode(): Uint8Array;
  encodeStream?: () => unknown;
}

function withEncodeStream(subset: Subset): Subset {
  subset.encodeStream = () => {
    const handlers: Record<string, Handler> = {};
    const stream = {
      on(event: string, handler: Handler) {
        handlers[event] = handler;
        return stream;
      },
    };
    // pdf-lib attaches its handlers right after this returns.
    setImmediate(() => {
      try {
        handlers.data?.(subset.encode());
        handlers.end?.();
      } catch (error) {
        handlers.error?.(error);
      }
    });
    return stream;
  };
  return subset;
}

/**
 * Parsed fonts by their bytes: a CJK font is megabytes and parsing it costs more than the rest of a
 * receipt, so the bytes read once per process (`pdf-font.ts`) are parsed once too. A parsed font is
 * only read from; each PDF makes its own subset.
 */
const parsed = new WeakMap<Uint8Array, unknown>();

export const pdfFontkit: Fontkit = {
  create(data: Uint8Array) {
    const known = parsed.get(data);
    if (known) return known;
    const font = fontkit.create(Buffer.from(data.buffer, data.byteOffset, data.byteLength)) as unknown as {
      createSubset(): Subset;
    };
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => withEncodeStream(createSubset());
    parsed.set(data, font);
    return font;
  },
} as unknown as Fontkit;
