/**
 * The fonts of one PDF and the split of a text into runs each can draw: Helvetica (the PDF
 * standard font, WinAnsi: every Latin letter of en, de, fr and pt) and, only when the text needs
 * it, the machine's Unicode font (`pdf-font.ts`) embedded as a subset (`pdf-fontkit.ts`). A
 * character neither font has prints as `?` (a space stays a space). Invoices and signed agreements
 * draw with it.
 */
import { type PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { pdfFontkit } from './pdf-fontkit.ts';

const characterSets = new WeakMap<Uint8Array, Set<number>>();

/** The fonts of one document, and the split of a text into runs each font can draw. */
export class PdfFonts {
  private readonly standard: Set<number>;
  private constructor(
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly unicode: PDFFont | null,
    private readonly unicodeSet: Set<number>,
  ) {
    this.standard = new Set(regular.getCharacterSet());
  }

  static async create(doc: PDFDocument, texts: string, unicodeFont: Uint8Array | null): Promise<PdfFonts> {
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const standard = new Set(regular.getCharacterSet());
    const needsUnicode = [...texts].some((ch) => !standard.has(ch.codePointAt(0)!) && !/\s/.test(ch));
    if (!needsUnicode || !unicodeFont) return new PdfFonts(regular, bold, null, new Set());
    doc.registerFontkit(pdfFontkit);
    const unicode = await doc.embedFont(unicodeFont, { subset: true });
    let set = characterSets.get(unicodeFont);
    if (!set) {
      set = new Set(unicode.getCharacterSet());
      characterSets.set(unicodeFont, set);
    }
    return new PdfFonts(regular, bold, unicode, set);
  }

  runs(text: string, bold: boolean): { text: string; font: PDFFont }[] {
    const latin = bold ? this.bold : this.regular;
    const out: { text: string; font: PDFFont }[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let font = latin;
      let drawn = ch;
      if (!this.standard.has(cp)) {
        if (this.unicode && this.unicodeSet.has(cp)) font = this.unicode;
        else drawn = /\s/.test(ch) ? ' ' : '?';
      }
      const last = out[out.length - 1];
      if (last && last.font === font) last.text += drawn;
      else out.push({ text: drawn, font });
    }
    return out;
  }

  width(text: string, size: number, bold: boolean): number {
    return this.runs(text, bold).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  }
}
