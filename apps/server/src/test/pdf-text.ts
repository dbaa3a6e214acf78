/**
 * Reads a PDF back for tests: each page's size and the strings its content streams show, decoded
 * through each font's encoding (WinAnsi for the standard fonts, the ToUnicode map for embedded
 * ones). Enough for the PDFs this server writes (one `Tj` per run of text).
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
  type PDFStream,
} from 'pdf-lib';

export interface PdfPageText {
  width: number;
  height: number;
  /** Every shown string, in drawing order. */
  strings: string[];
  /** The base font names the page uses. */
  fonts: string[];
  /** Embedded TrueType fonts: the font file and what each glyph code of it stands for. */
  embedded: { baseFont: string; file: Uint8Array; glyphs: Map<number, string> }[];
}

/** WinAnsi bytes 0x80–0x9F (U+FFFD: unused); the rest of the code page is Latin-1. */
const WIN_ANSI_80_9F = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';

const streamText = (s: PDFRawStream) => new TextDecoder('latin1').decode(decodePDFRawStream(s).decode());

/** A ToUnicode CMap → glyph code (hex) → text. */
function parseCmap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(m[1]!.toUpperCase(), utf16(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const from = Number.parseInt(m[1]!, 16);
      const to = Number.parseInt(m[2]!, 16);
      const start = Number.parseInt(m[3]!, 16);
      for (let g = from; g <= to; g++) {
        map.set(g.toString(16).toUpperCase().padStart(m[1]!.length, '0'), String.fromCodePoint(start + g - from));
      }
    }
  }
  return map;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfPageText[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const decoders = new Map<string, (hex: string) => string>();
    const fonts: string[] = [];
    const embedded: PdfPageText['embedded'] = [];
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      fonts.push(font.get(PDFName.of('BaseFont'))?.toString() ?? '');
      const toUnicode = font.lookup(PDFName.of('ToUnicode'));
      if (toUnicode instanceof PDFRawStream) {
        const map = parseCmap(streamText(toUnicode));
        const descendant = font.lookup(PDFName.of('DescendantFonts'));
        const cid = descendant instanceof PDFArray ? descendant.lookup(0, PDFDict) : undefined;
        const file = cid?.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict)?.lookup(PDFName.of('FontFile2'));
        if (file instanceof PDFRawStream) {
          embedded.push({
            baseFont: font.get(PDFName.of('BaseFont'))?.toString() ?? '',
            file: decodePDFRawStream(file).decode(),
            glyphs: new Map([...map].map(([code, text]) => [Number.parseInt(code, 16), text])),
          });
        }
        decoders.set(name.toString(), (hex) =>
          (hex.match(/.{4}/g) ?? []).map((g) => map.get(g.toUpperCase()) ?? '\uFFFD').join(''),
        );
      } else {
        decoders.set(name.toString(), (hex) =>
          (hex.match(/.{2}/g) ?? [])
            .map((b) => Number.parseInt(b, 16))
            .map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80_9F[b - 0x80]! : String.fromCharCode(b)))
            .join(''),
        );
      }
    }
    const contents = page.node.Contents();
    const streams: PDFStream[] =
      contents instanceof PDFArray
        ? contents.asArray().map((r) => doc.context.lookup(r) as PDFStream)
        : contents
          ? [contents]
          : [];
    const strings: string[] = [];
    for (const stream of streams) {
      let font = '';
      const text = streamText(stream as PDFRawStream);
      for (const m of text.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
        if (m[1]) font = m[1];
        else strings.push(decoders.get(font)?.(m[2]!) ?? '');
      }
    }
    const { width, height } = page.getSize();
    return { width, height, strings, fonts, embedded };
  });
}

/** The strings of all pages, each drawn line's runs joined. */
export const allText = (pages: PdfPageText[]) => pages.flatMap((p) => p.strings).join('\n');
