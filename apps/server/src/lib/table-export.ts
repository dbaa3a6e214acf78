import { Readable } from 'node:stream';
import { today } from '@gym/contract/time';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import type { ChunkedRows, LongReadPlace, LongReads } from './long-read.ts';
import { type XlsxCell, XlsxWriter } from './xlsx-writer.ts';

export type ExportFormat = 'csv' | 'xlsx';
export type Cell = string | number | boolean | Date | null | undefined;

export interface ExportColumn<T> {
  /** Header as staff read it (already in the caller's language, or a stable English label). */
  header: string;
  value: (row: T) => Cell;
  width?: number;
  /**
   * A number written with this many decimals (an amount in its currency's exponent): fixed in a CSV
   * (`500.00`), a number formatted so in an XLSX (`#,##0.00`), so a spreadsheet sums it.
   */
  decimals?: number;
}

export interface TableExport<T> {
  fileName: string;
  /** Time zone of the date in the file name: the caller's centre or organisation (`callerTimeZone` in lib/business-date.ts). */
  timeZone: string;
  format: ExportFormat;
  columns: ExportColumn<T>[];
  /** The rows, a chunk at a time (lib/long-read.ts: `keyset`, `byOffset`, or `fixedRows` for rows in hand). */
  rows: ChunkedRows<T>;
}

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A phone number in international form ("+852 6111 0009", "+55 (11) 91234-5678"): digits, spaces,
 * dots, dashes and brackets after the plus hold no formula a spreadsheet could run, and staff must
 * see (and our import read back) the number as it is, not behind a quote.
 */
const PHONE = /^\+[\d\s().-]*\d[\d\s().-]*$/;

/** A formula-looking cell (=, +, -, @, tab, CR) is prefixed so spreadsheets do not run it (CSV injection); phones pass. */
export function safeText(value: string): string {
  if (PHONE.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: Cell, decimals?: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && decimals !== undefined) return value.toFixed(decimals);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return safeText(value);
  return String(value);
}

/** A spreadsheet's number format with `decimals` decimals and thousands grouped: `#,##0.00`. */
const numberFormat = (decimals: number) => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');

const xlsxCell = (value: Cell): XlsxCell => (typeof value === 'string' ? safeText(value) : (value ?? null));

/** The CSV's text a chunk at a time: UTF-8 with BOM, so Excel reads Chinese names right. */
async function* csvText<T>(table: TableExport<T>, chunks: AsyncIterable<T[]>): AsyncGenerator<string> {
  yield `\ufeff${Papa.unparse([table.columns.map((c) => c.header)])}\r\n`;
  for await (const page of chunks) {
    if (page.length === 0) continue;
    yield `${Papa.unparse(page.map((row) => table.columns.map((c) => csvCell(c.value(row), c.decimals))))}\r\n`;
  }
}

/** The XLSX's bytes a chunk at a time, built in a worker thread (lib/xlsx-writer.ts). */
async function* xlsxBytes<T>(
  table: TableExport<T>,
  chunks: AsyncIterable<T[]>,
  gone: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const writer = new XlsxWriter();
  try {
    yield await writer.start(
      table.fileName.slice(0, 31),
      table.columns.map((c) => ({
        header: c.header,
        width: c.width ?? 18,
        ...(c.decimals === undefined ? {} : { style: { numFmt: numberFormat(c.decimals) } }),
      })),
    );
    for await (const page of chunks) {
      if (page.length === 0) continue;
      const bytes = await writer.rows(page.map((row) => table.columns.map((c) => xlsxCell(c.value(row)))));
      if (bytes.length > 0) yield bytes;
    }
    if (gone.aborted) return;
    yield await writer.end();
  } finally {
    writer.close();
  }
}

/**
 * Sends a table as a CSV or XLSX download, read and written a chunk at a time through the long
 * reads' pace (lib/long-read.ts). A read of the database first takes a place among the long reads
 * (it may wait its turn, or be refused with 429 `exports_busy` before the answer starts); the place
 * is given back when the file is sent or the download is abandoned. The file name carries the
 * business date in `timeZone`; the caller names the rest.
 */
export async function sendExport<T>(
  reply: FastifyReply,
  reads: LongReads,
  caller: { organisationId: string },
  table: TableExport<T>,
): Promise<FastifyReply> {
  // The connection closed (the download was abandoned, or the file is sent): stop waiting and reading.
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  let place: LongReadPlace | null = null;
  try {
    if (table.rows.heavy) place = await reads.enter(caller.organisationId, gone.signal);
  } catch (err) {
    // Gone while it waited for a place: nobody to answer.
    if (gone.signal.aborted) return reply.hijack();
    throw err;
  }
  const stamp = today(table.timeZone);
  const name = `${table.fileName}-${stamp}.${table.format}`;
  reply
    .header('content-type', MIME[table.format])
    .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store');
  const chunks = reads.chunks(table.rows, gone.signal);
  const body = Readable.from(table.format === 'csv' ? csvText(table, chunks) : xlsxBytes(table, chunks, gone.signal), {
    objectMode: false,
  });
  // Sent, failed or abandoned: the stream closes, and the place goes to the next read.
  body.once('close', () => place?.leave());
  return reply.send(body);
}
