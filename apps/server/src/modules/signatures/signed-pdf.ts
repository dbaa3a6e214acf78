/**
 * The signed agreement as a PDF, in two steps (pure: facts in, bytes out):
 * 1. `signedPages`: the filled text, then each signature image with the signer's name and time;
 * 2. `withAuditPage`: those pages and an audit page naming, per signer, the address, device, time
 *    zone and consent, the request's events with their chained hashes, and the SHA-256 of the
 *    document before signing (its text as sent) and of the signed pages (step 1's bytes).
 * The result is then sealed (`seal.ts`). Latin text is drawn with Helvetica; what WinAnsi cannot
 * encode with the machine's CJK font (`lib/pdf-font.ts`), `?` without one.
 */
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { PdfFonts } from '../../lib/pdf-fonts.ts';
import type { PdfWords } from './pdf-words.ts';

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;

export interface SignerFacts {
  role: 'member' | 'guardian';
  name: string;
  relation?: string | null;
  png: Uint8Array;
  address: string | null;
  device: string;
  timeZone: string;
  consentAt: Date;
}

export interface PagesView {
  title: string;
  body: string;
  organisationName: string;
  centerName: string;
  signedAt: Date;
  /** The signed time as written on the pages (in the signer's or the centre's time zone). */
  signedAtText: string;
  signers: SignerFacts[];
}

export interface AuditView {
  documentId: string;
  templateCode: string;
  templateVersion: number;
  language: string;
  signers: SignerFacts[];
  events: {
    seq: number;
    type: 'sent' | 'opened' | 'consented' | 'signed';
    at: string;
    address: string | null;
    hash: string;
  }[];
  hashBefore: string;
  hashAfter: string;
}

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    private readonly fonts: PdfFonts,
  ) {
    this.newPage();
  }

  static async create(doc: PDFDocument, texts: string, unicodeFont: Uint8Array | null) {
    return new Writer(doc, await PdfFonts.create(doc, texts, unicodeFont));
  }

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  width(text: string, size: number, bold = false) {
    return this.fonts.width(text, size, bold);
  }

  /** Lines of `text` that fit `width`: words kept whole where they fit, CJK broken anywhere. */
  wrap(text: string, size: number, width: number, bold = false): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      const tokens = paragraph.match(/[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]|\S+|\s+/g) ?? [''];
      for (const token of tokens) {
        const next = line + token;
        if (this.width(next, size, bold) <= width || line === '') {
          if (this.width(next, size, bold) > width && line === '') {
            // A word longer than the line: cut it by characters.
            let part = '';
            for (const ch of token) {
              if (this.width(part + ch, size, bold) > width && part) {
                lines.push(part);
                part = '';
              }
              part += ch;
            }
            line = part;
          } else line = next;
        } else {
          lines.push(line.trimEnd());
          line = token.trimStart();
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  line(text: string, size = 10, bold = false, x = MARGIN, color = rgb(0, 0, 0)) {
    this.ensure(size * 1.4);
    let at = x;
    for (const run of this.fonts.runs(text, bold)) {
      this.page.drawText(run.text, { x: at, y: this.y - size, size, font: run.font, color });
      at += run.font.widthOfTextAtSize(run.text, size);
    }
    this.y -= size * 1.4;
  }

  paragraph(text: string, size = 10, bold = false, indent = 0) {
    for (const l of this.wrap(text, size, A4.width - 2 * MARGIN - indent, bold))
      this.line(l, size, bold, MARGIN + indent);
  }

  gap(h: number) {
    this.y -= h;
  }
}

const everything = (...texts: (string | null | undefined)[]) => texts.filter(Boolean).join(' ');

/** Step 1: the document's text and its signatures. */
export async function signedPages(
  view: PagesView,
  words: PdfWords,
  unicodeFont: Uint8Array | null,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(view.title);
  doc.setProducer('gym back office');
  doc.setCreationDate(view.signedAt);
  doc.setModificationDate(view.signedAt);
  const w = await Writer.create(
    doc,
    everything(view.title, view.body, view.organisationName, view.centerName, ...view.signers.map((s) => s.name)),
    unicodeFont,
  );
  w.line(everything(view.organisationName, '·', view.centerName), 9, false, MARGIN, rgb(0.35, 0.35, 0.35));
  w.gap(6);
  w.paragraph(view.title, 16, true);
  w.gap(8);
  w.paragraph(view.body, 10.5);
  w.gap(16);
  for (const signer of view.signers) {
    const image = await doc.embedPng(signer.png);
    const scale = Math.min(200 / image.width, 70 / image.height, 1);
    const h = image.height * scale;
    w.ensure(h + 60);
    w.line(signer.role === 'guardian' ? words.guardian : words.signedBy, 9, true);
    w.page.drawImage(image, { x: MARGIN, y: w.y - h, width: image.width * scale, height: h });
    w.gap(h + 4);
    w.page.drawLine({
      start: { x: MARGIN, y: w.y },
      end: { x: MARGIN + 220, y: w.y },
      thickness: 0.5,
      color: rgb(0.4, 0.4, 0.4),
    });
    w.gap(4);
    w.line(signer.relation ? `${signer.name} (${signer.relation})` : signer.name, 10, true);
    w.line(`${words.signedAt}: ${view.signedAtText}`, 9);
    w.gap(12);
  }
  return doc.save({ useObjectStreams: false });
}

/** Step 2: the signed pages and the audit page after them. */
export async function withAuditPage(
  pages: Uint8Array,
  view: AuditView,
  words: PdfWords,
  unicodeFont: Uint8Array | null,
): Promise<PDFDocument> {
  const doc = await PDFDocument.load(pages);
  const w = await Writer.create(
    doc,
    everything(...view.signers.map((s) => `${s.name} ${s.relation ?? ''}`)),
    unicodeFont,
  );
  w.paragraph(words.audit, 15, true);
  w.gap(4);
  w.paragraph(
    `${words.document}: ${view.documentId} · ${view.templateCode} ${words.version} ${view.templateVersion} · ${view.language}`,
    9,
  );
  w.gap(8);
  for (const s of view.signers) {
    w.paragraph(
      `${s.role === 'guardian' ? words.guardian : words.signer}: ${s.name}${s.relation ? ` (${s.relation})` : ''}`,
      10,
      true,
    );
    w.paragraph(`${words.address}: ${s.address ?? '-'}`, 9, false, 10);
    w.paragraph(`${words.device}: ${s.device}`, 9, false, 10);
    w.paragraph(`${words.timeZone}: ${s.timeZone}`, 9, false, 10);
    w.paragraph(`${words.consent}: ${words.consentGiven} (${s.consentAt.toISOString()})`, 9, false, 10);
    w.gap(6);
  }
  w.paragraph(words.events, 10, true);
  for (const e of view.events) {
    w.paragraph(`${e.seq}. ${words.eventNames[e.type]} · ${e.at} · ${e.address ?? '-'}`, 9, false, 10);
    w.paragraph(`SHA-256 ${e.hash}`, 7.5, false, 22);
  }
  w.gap(8);
  w.paragraph(`${words.hashBefore}:`, 9, true);
  w.paragraph(view.hashBefore, 8, false, 10);
  w.paragraph(`${words.hashAfter}:`, 9, true);
  w.paragraph(view.hashAfter, 8, false, 10);
  w.gap(8);
  w.paragraph(words.sealNote, 8);
  return doc;
}
