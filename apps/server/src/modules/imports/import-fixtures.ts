/** Files for the import tests: CSV text and XLSX workbooks built in memory. */
import type { ImportProgressLine } from '@gym/contract/imports';
import ExcelJS from 'exceljs';

function csvCell(value: string): string {
  return /[",\n\r;]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvText(rows: readonly (readonly string[])[], delimiter = ','): string {
  return rows.map((r) => r.map(csvCell).join(delimiter)).join('\r\n');
}

export const base64 = (data: string | Buffer | ArrayBuffer) =>
  (typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data as ArrayBuffer)).toString('base64');

export async function xlsxBase64(rows: readonly (readonly ExcelJS.CellValue[])[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Members');
  for (const row of rows) sheet.addRow([...row]);
  return base64(Buffer.from(await workbook.xlsx.writeBuffer()));
}

export const TEMPLATE_ORDER = ['First name', 'Last name', 'Phone', 'E-mail', 'Card number', 'Member code'];

/** `count` members with distinct phones, e-mails and cards; `tweak` changes a row (index from 0) before it is written. */
export function memberRows(count: number, tweak?: (row: string[], index: number) => void, prefix = 'R'): string[][] {
  // A copy of the header row: a test that adds columns must not add them to the next test's file.
  const rows: string[][] = [[...TEMPLATE_ORDER]];
  for (let i = 0; i < count; i++) {
    const row = [
      `Given${i}`,
      `Family${i % 97}`,
      `9${String(1_000_000 + i).padStart(7, '0')}`,
      `member${i}@example.com`,
      `C${String(i).padStart(7, '0')}`,
      `${prefix}${String(i).padStart(6, '0')}`,
    ];
    tweak?.(row, i);
    rows.push(row);
  }
  return rows;
}

export function ndjsonLines(body: string): ImportProgressLine[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ImportProgressLine);
}
