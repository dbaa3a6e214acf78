import { PassThrough } from 'node:stream';
import { today } from '@gym/contract/time';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';

export type ExportFormat = 'csv' | 'xlsx';
export type Cell = string | number | boolean | Date | null | undefined;

export interface ExportColumn<T> {
  /** Header as staff read it (already in the caller's language, or a stable English label). */
  header: string;
  value: (row: T) => Cell;
  width?: number;
}

export interface TableExport<T> {
  fileName: string;
  /** Time zone of the date in the file name: the caller's centre or organisation (`callerTimeZone` in lib/business-date.ts). */
  timeZone: string;
  format: ExportFormat;
  columns: ExportColumn<T>[];
  /** Rows in pages so that a large export never sits in memory at once. */
  rows: AsyncIterable<T[]> | T[];
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

function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return safeText(value);
  return String(value);
}

async function* pages<T>(rows: AsyncIterable<T[]> | T[]): AsyncIterable<T[]> {
  if (Array.isArray(rows)) yield rows;
  else yield* rows;
}

/**
 * Sends a table as a CSV (UTF-8 with BOM, so Excel reads Chinese names right) or XLSX download,
 * streamed page by page. The file name carries the business date in `timeZone`; the caller names the rest.
 */
export async function sendTable<T>(reply: FastifyReply, table: TableExport<T>): Promise<FastifyReply> {
  const stamp = today(table.timeZone);
  const name = `${table.fileName}-${stamp}.${table.format}`;
  reply
    .header('content-type', MIME[table.format])
    .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store');

  const out = new PassThrough();
  const write = async () => {
    if (table.format === 'csv') {
      out.write(`\ufeff${Papa.unparse([table.columns.map((c) => c.header)])}\r\n`);
      for await (const page of pages(table.rows)) {
        if (page.length === 0) continue;
        out.write(`${Papa.unparse(page.map((row) => table.columns.map((c) => csvCell(c.value(row)))))}\r\n`);
      }
      out.end();
      return;
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet(table.fileName.slice(0, 31));
    sheet.columns = table.columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
    sheet.getRow(1).font = { bold: true };
    for await (const page of pages(table.rows)) {
      for (const row of page) {
        sheet
          .addRow(
            table.columns.map((c) => {
              const v = c.value(row);
              return typeof v === 'string' ? safeText(v) : (v ?? null);
            }),
          )
          .commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => out.destroy(err as Error));
  return reply.send(out);
}
