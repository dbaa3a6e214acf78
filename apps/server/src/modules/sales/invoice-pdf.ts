/**
 * An invoice as a PDF: an 80 mm thermal receipt (page 226.77 pt wide, as tall as its content) or
 * an A4 invoice. Pure: an invoice view, the labels of one language and the bytes of a Unicode font
 * (or null) in, the PDF's bytes out; reading the database and the font file is the caller's.
 *
 * Text is drawn with Helvetica (the PDF standard font, WinAnsi encoding: every Latin letter of en,
 * de, fr and pt). Whatever WinAnsi cannot encode (Chinese labels, a member's Chinese name) is drawn
 * with the Unicode font, embedded as a subset of the glyphs used (`lib/pdf-fontkit.ts`); a character neither font has
 * prints as `?`. Nothing is transliterated.
 *
 * Amounts are formatted by `formatMoney` only, with the view's format: the invoice's own currency,
 * written as its ISO code (`receipt.ts`); the arithmetic here is on points, not on money.
 */
import { add, basisPointsText, formatMoney, type MoneyFormat, minor } from '@gym/contract/money';
import type { INVOICE_PDF_LAYOUTS, Invoice, Payment } from '@gym/contract/sales';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { PdfFonts } from '../../lib/pdf-fonts.ts';
import type { ReceiptLabels } from './receipt-labels.ts';

export type PdfLayout = (typeof INVOICE_PDF_LAYOUTS)[number];

/** 80 mm in points (72 per inch). */
export const RECEIPT_WIDTH_PT = 226.77;
export const A4_PT = { width: 595.28, height: 841.89 } as const;

export interface InvoicePdfView {
  invoice: Invoice;
  organisation: { name: string };
  centre: { name: string; code: string; address: string | null; phone: string | null; email: string | null };
  money: MoneyFormat;
  /** The payment (or refund) the receipt is for; null: none yet. */
  payment: Payment | null;
  /** Names of the organisation's own payment methods, by code. */
  methodNames: Record<string, string>;
}

export interface InvoicePdfOptions {
  layout: PdfLayout;
  labels: ReceiptLabels;
  /** A TrueType font with the glyphs WinAnsi lacks; null: such characters print as `?`. */
  unicodeFont: Uint8Array | null;
}

type Align = 'left' | 'center' | 'right';
interface Cell {
  text: string;
  x: number;
  width: number;
  align?: Align;
  bold?: boolean;
}
interface TextOp {
  page: number;
  x: number;
  baseline: number;
  text: string;
  size: number;
  bold: boolean;
}
interface RuleOp {
  page: number;
  x1: number;
  x2: number;
  y: number;
}

/** Places text top-down; on A4 it starts a new page when one is full, a receipt grows instead. */
class Layout {
  readonly texts: TextOp[] = [];
  readonly rules: RuleOp[] = [];
  page = 0;
  y: number;

  constructor(
    readonly fonts: PdfFonts,
    readonly margin: number,
    readonly width: number,
    readonly pageHeight: number | null,
  ) {
    this.y = margin;
  }

  get left() {
    return this.margin;
  }

  private ensure(height: number) {
    if (this.pageHeight !== null && this.y + height > this.pageHeight - this.margin && this.y > this.margin) {
      this.page += 1;
      this.y = this.margin;
    }
  }

  /** Splits `text` into lines no wider than `width` (at spaces, or between any two characters of a word too long). */
  wrap(text: string, width: number, size: number, bold: boolean): string[] {
    const clean = [...text]
      .map((ch) => (ch.codePointAt(0)! < 32 || ch.codePointAt(0) === 127 ? ' ' : ch))
      .join('')
      .trim();
    if (!clean) return [''];
    const tokens = clean.match(
      /\s+|[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+/g,
    ) ?? [clean];
    const lines: string[] = [];
    let line = '';
    const push = () => {
      if (line.trim()) lines.push(line.trim());
      line = '';
    };
    for (const token of tokens) {
      if (this.fonts.width(line + token, size, bold) <= width) {
        line += token;
        continue;
      }
      if (/^\s+$/.test(token)) {
        push();
        continue;
      }
      push();
      if (this.fonts.width(token, size, bold) <= width) {
        line = token;
        continue;
      }
      for (const ch of token) {
        if (line && this.fonts.width(line + ch, size, bold) > width) push();
        line += ch;
      }
    }
    push();
    return lines.length ? lines : [''];
  }

  /** One row of cells side by side, each wrapped in its width; the row is as tall as its tallest cell. */
  row(cells: Cell[], size: number) {
    const lineHeight = size * 1.3;
    const wrapped = cells.map((c) => this.wrap(c.text, c.width, size, c.bold ?? false));
    const lines = Math.max(...wrapped.map((w) => w.length));
    this.ensure(lines * lineHeight);
    cells.forEach((c, i) => {
      wrapped[i]!.forEach((text, n) => {
        const w = this.fonts.width(text, size, c.bold ?? false);
        const x = c.align === 'right' ? c.x + c.width - w : c.align === 'center' ? c.x + (c.width - w) / 2 : c.x;
        this.texts.push({
          page: this.page,
          x,
          baseline: this.y + size + n * lineHeight,
          text,
          size,
          bold: c.bold ?? false,
        });
      });
    });
    this.y += lines * lineHeight;
  }

  /** A paragraph across the whole width. */
  line(text: string, size: number, opts: { align?: Align; bold?: boolean } = {}) {
    this.row([{ text, x: this.left, width: this.width, ...opts }], size);
  }

  /** A label on the left and its value on the right. */
  pair(label: string, value: string, size: number, opts: { bold?: boolean; x?: number; width?: number } = {}) {
    const x = opts.x ?? this.left;
    const width = opts.width ?? this.width;
    const labelWidth = width * 0.5;
    this.row(
      [
        { text: label, x, width: labelWidth - 4, bold: opts.bold },
        { text: value, x: x + labelWidth, width: width - labelWidth, align: 'right', bold: opts.bold },
      ],
      size,
    );
  }

  rule(x1 = this.left, x2 = this.left + this.width) {
    this.ensure(6);
    this.y += 3;
    this.rules.push({ page: this.page, x1, x2, y: this.y });
    this.y += 3;
  }

  gap(points: number) {
    this.y += points;
  }
}

/** `1900` basis points → `19%`, `750` → `7.5%` (integer arithmetic). */
export const formatRate = (bp: number): string => `${basisPointsText(bp)}%`;

function methodName(code: string, labels: ReceiptLabels, custom: Record<string, string>): string {
  if (code === 'cash') return labels.methodCash;
  if (code === 'card') return labels.methodCard;
  if (code === 'transfer') return labels.methodTransfer;
  return custom[code] ?? code;
}

interface Content {
  view: InvoicePdfView;
  labels: ReceiptLabels;
  money: (amount: number) => string;
}

function centreLines(c: InvoicePdfView['centre'], labels: ReceiptLabels): string[] {
  return [
    `${c.name} (${c.code})`,
    ...(c.address ? [c.address] : []),
    ...(c.phone ? [`${labels.phone}: ${c.phone}`] : []),
    ...(c.email ? [`${labels.email}: ${c.email}`] : []),
  ];
}

function paymentPairs({ view, labels, money }: Content, p: Payment): [string, string][] {
  return [
    [labels.date, p.paidOn],
    [labels.method, methodName(p.method, labels, view.methodNames)],
    [labels.amount, money(p.kind === 'refund' ? -p.amountMinor : p.amountMinor)],
    ...(p.tenderedMinor !== null ? ([[labels.tendered, money(p.tenderedMinor)]] as [string, string][]) : []),
    ...(p.changeMinor !== null ? ([[labels.change, money(p.changeMinor)]] as [string, string][]) : []),
    ...(p.reference ? ([[labels.reference, p.reference]] as [string, string][]) : []),
    ...(p.staff ? ([[labels.staff, p.staff.name]] as [string, string][]) : []),
  ];
}

function totalsPairs({ view, labels, money }: Content): [string, string, boolean][] {
  const i = view.invoice;
  return [
    [labels.total, money(i.totalMinor), true],
    [labels.paid, money(i.paidMinor), false],
    ...(i.refundedMinor > 0 ? ([[labels.refunded, money(i.refundedMinor), false]] as [string, string, boolean][]) : []),
    [labels.balance, money(i.balanceMinor), true],
  ];
}

function receipt(l: Layout, content: Content) {
  const { view, labels, money } = content;
  const i = view.invoice;
  const size = 8;
  l.line(view.organisation.name, 11, { align: 'center', bold: true });
  for (const text of centreLines(view.centre, labels)) l.line(text, size, { align: 'center' });
  l.gap(6);
  l.line(i.state === 'void' ? `${labels.receipt} - ${labels.void}` : labels.receipt, 10, {
    align: 'center',
    bold: true,
  });
  l.gap(4);
  l.pair(labels.number, i.number, size);
  l.pair(labels.date, i.issuedOn, size);
  l.pair(labels.member, i.member.name, size);
  l.pair(labels.memberCode, i.member.code, size);
  if (i.staff) l.pair(labels.staff, i.staff.name, size);
  l.rule();
  for (const line of i.lines) {
    l.line(line.description, size, { bold: true });
    l.pair(`${line.quantity} x ${money(line.unitPriceMinor)}`, money(line.totalMinor), size);
    if (line.discountMinor > 0) l.pair(labels.discount, money(-line.discountMinor), size);
    if (line.couponDiscountMinor > 0) l.pair(labels.couponDiscount, money(-line.couponDiscountMinor), size);
  }
  l.rule();
  const w = l.width / 4;
  const cols = (texts: string[], bold = false) =>
    l.row(
      texts.map((text, n) => ({ text, x: l.left + n * w, width: w - 2, align: n === 0 ? 'left' : 'right', bold })),
      7,
    );
  cols([labels.taxRate, labels.net, labels.tax, labels.gross], true);
  for (const t of i.taxes) cols([formatRate(t.rateBp), money(t.netMinor), money(t.taxMinor), money(t.grossMinor)]);
  l.rule();
  for (const [label, value, bold] of totalsPairs(content)) l.pair(label, value, bold ? 9 : size, { bold });
  if (view.payment) {
    l.rule();
    l.line(view.payment.kind === 'refund' ? labels.refund : labels.payment, size, { bold: true });
    for (const [label, value] of paymentPairs(content, view.payment)) l.pair(label, value, size);
  }
  if (i.nextDue) {
    l.rule();
    l.pair(labels.nextDue, `${i.nextDue.dueOn}  ${money(i.nextDue.amountMinor)}`, size, { bold: true });
  }
  l.gap(8);
  l.line(labels.pricesIncludeTax, 7, { align: 'center' });
  l.line(labels.thanks, size, { align: 'center' });
}

function a4(l: Layout, content: Content) {
  const { view, labels, money } = content;
  const i = view.invoice;
  const top = l.y;
  const leftWidth = l.width * 0.55;
  l.row([{ text: view.organisation.name, x: l.left, width: leftWidth, bold: true }], 16);
  for (const text of centreLines(view.centre, labels)) l.row([{ text, x: l.left, width: leftWidth }], 9);
  const leftEnd = l.y;
  l.y = top;
  const rx = l.left + leftWidth + 20;
  const rw = l.width - leftWidth - 20;
  const title = i.state === 'void' ? `${labels.invoice} - ${labels.void}` : labels.invoice;
  l.row([{ text: title, x: rx, width: rw, align: 'right', bold: true }], 18);
  l.pair(labels.number, i.number, 9, { x: rx, width: rw, bold: true });
  l.pair(labels.date, i.issuedOn, 9, { x: rx, width: rw });
  if (i.staff) l.pair(labels.staff, i.staff.name, 9, { x: rx, width: rw });
  l.y = Math.max(l.y, leftEnd) + 16;

  l.row([{ text: labels.member, x: l.left, width: l.width, bold: true }], 10);
  l.row([{ text: `${i.member.name} (${labels.memberCode}: ${i.member.code})`, x: l.left, width: l.width }], 10);
  l.gap(12);

  const size = 9;
  const widths = [0.38, 0.08, 0.14, 0.13, 0.1, 0.17].map((f) => f * l.width);
  const xs = widths.map((_, n) => l.left + widths.slice(0, n).reduce((s, w) => s + w, 0));
  const row = (texts: string[], bold = false) =>
    l.row(
      texts.map((text, n) => ({ text, x: xs[n]!, width: widths[n]! - 4, align: n === 0 ? 'left' : 'right', bold })),
      size,
    );
  row([labels.description, labels.quantity, labels.unitPrice, labels.discount, labels.taxRate, labels.lineTotal], true);
  l.rule();
  for (const line of i.lines) {
    const discount = add(minor(line.discountMinor), minor(line.couponDiscountMinor));
    row([
      line.description,
      String(line.quantity),
      money(line.unitPriceMinor),
      discount > 0 ? money(-discount) : '',
      formatRate(line.taxRateBp),
      money(line.totalMinor),
    ]);
  }
  l.rule();
  l.gap(8);

  const tx = l.left + l.width * 0.4;
  const tw = (l.width * 0.6) / 4;
  const taxRow = (texts: string[], bold = false) =>
    l.row(
      texts.map((text, n) => ({ text, x: tx + n * tw, width: tw - 4, align: 'right' as const, bold })),
      size,
    );
  taxRow([labels.taxRate, labels.net, labels.tax, labels.gross], true);
  l.rule(tx, l.left + l.width);
  for (const t of i.taxes) taxRow([formatRate(t.rateBp), money(t.netMinor), money(t.taxMinor), money(t.grossMinor)]);
  l.gap(10);
  const px = l.left + l.width * 0.55;
  const pw = l.width * 0.45;
  for (const [label, value, bold] of totalsPairs(content))
    l.pair(label, value, bold ? 11 : 10, { x: px, width: pw, bold });
  if (i.nextDue)
    l.pair(labels.nextDue, `${i.nextDue.dueOn}  ${money(i.nextDue.amountMinor)}`, 10, { x: px, width: pw });

  if (view.payment) {
    l.gap(16);
    l.row(
      [
        {
          text: view.payment.kind === 'refund' ? labels.refund : labels.payment,
          x: l.left,
          width: l.width,
          bold: true,
        },
      ],
      10,
    );
    for (const [label, value] of paymentPairs(content, view.payment))
      l.pair(label, value, size, { width: l.width * 0.5 });
  }
  l.gap(20);
  l.line(labels.pricesIncludeTax, 8);
}

function draw(page: PDFPage, fonts: PdfFonts, op: TextOp) {
  let x = op.x;
  const y = page.getHeight() - op.baseline;
  for (const run of fonts.runs(op.text, op.bold)) {
    page.drawText(run.text, { x, y, size: op.size, font: run.font, color: rgb(0, 0, 0) });
    x += run.font.widthOfTextAtSize(run.text, op.size);
  }
}

export async function buildInvoicePdf(view: InvoicePdfView, options: InvoicePdfOptions): Promise<Uint8Array> {
  const { layout, labels } = options;
  const doc = await PDFDocument.create();
  doc.setTitle(`${labels.invoice} ${view.invoice.number}`);
  doc.setAuthor(view.organisation.name);
  const fonts = await PdfFonts.create(doc, JSON.stringify({ view, labels }), options.unicodeFont);
  const money = (amount: number) => formatMoney(amount, view.money);
  const content: Content = { view, labels, money };

  const isReceipt = layout === 'receipt';
  const width = isReceipt ? RECEIPT_WIDTH_PT : A4_PT.width;
  const margin = isReceipt ? 10 : 50;
  const l = new Layout(fonts, margin, width - 2 * margin, isReceipt ? null : A4_PT.height);
  if (isReceipt) receipt(l, content);
  else a4(l, content);

  const heights = isReceipt ? [l.y + margin] : Array.from({ length: l.page + 1 }, () => A4_PT.height);
  const pages = heights.map((h) => doc.addPage([width, h]));
  for (const op of l.texts) draw(pages[op.page]!, fonts, op);
  for (const r of l.rules) {
    const page = pages[r.page]!;
    const y = page.getHeight() - r.y;
    page.drawLine({ start: { x: r.x1, y }, end: { x: r.x2, y }, thickness: 0.5, color: rgb(0, 0, 0) });
  }
  return doc.save({ useObjectStreams: false });
}
