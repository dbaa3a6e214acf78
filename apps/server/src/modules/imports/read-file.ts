import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '@gym/contract/imports';
import { businessDate } from '@gym/contract/time';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '../../lib/errors.ts';

/** A cell as the file gives it: CSV cells are text; XLSX cells keep their numbers, dates and booleans. */
export type Cell = string | number | boolean | Date | null;

export interface SheetRow {
  /** Data row as staff count them: the row under the header is row 1 (blank rows keep their number). */
  row: number;
  cells: Cell[];
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

const fileError = (code: string, message: string) =>
  new AppError(400, 'validation_failed', message, [{ path: 'data', code, message }]);

/** Spreadsheet column letters, for headers left blank: A, B, ..., Z, AA... */
function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * Header texts as mapping keys: trimmed, a blank header named after its column letter, and a repeated
 * header numbered (`Phone`, `Phone (2)`), so that every column can be mapped on its own.
 */
export function uniqueHeaders(raw: readonly Cell[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((cell, i) => {
    let name = cellText(cell).replace(/\s+/g, ' ').slice(0, 200);
    if (!name) name = `Column ${columnLetter(i)}`;
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/** A cell as text: numbers without exponent or float noise, dates as YYYY-MM-DD. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  // A date cell is a calendar day the reader hands over as that day's UTC midnight.
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : businessDate(cell, 'UTC');
  if (typeof cell === 'number') {
    if (Number.isInteger(cell)) return BigInt(cell).toString();
    return String(Number(cell.toPrecision(15)));
  }
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return cell.trim();
}

const isBlank = (cells: readonly Cell[]) => cells.every((c) => cellText(c) === '');

function decodeText(bytes: Buffer): string {
  // Excel's "Unicode text" export is UTF-16 with a byte order mark.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    // Fatal: a file in a legacy code page would otherwise import garbled names without a word.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fileError('file_encoding', 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again');
  }
}

function readCsv(bytes: Buffer): Cell[][] {
  const text = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, {
    delimiter: '',
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: false,
  });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal && parsed.data.length <= 1) {
    throw fileError('file_unreadable', `The CSV file could not be read (${fatal.message})`);
  }
  return parsed.data;
}

function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return xlsxCell((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return null;
  }
  return null;
}

async function readXlsx(bytes: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw fileError('file_unreadable', 'The file is not a readable XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('file_empty', 'The workbook has no sheet');
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    // exceljs numbers columns from 1: index 0 is always empty.
    rows[number - 1] = values.slice(1).map(xlsxCell);
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

/** Reads the first sheet of an uploaded CSV or XLSX file: its header row and every non-blank row after it. */
export async function readSheet(format: 'csv' | 'xlsx', base64: string): Promise<Sheet> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw fileError('file_empty', 'The file is empty');
  if (bytes.length > IMPORT_MAX_BYTES) throw new AppError(413, 'payload_too_large', 'The file is too large');
  const table = format === 'csv' ? readCsv(bytes) : await readXlsx(bytes);
  const headerIndex = table.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) throw fileError('file_empty', 'The file has no header row');
  const rawHeaders = table[headerIndex]!;
  // Trailing blank header cells (a sheet formatted further right than its data) are not columns.
  let width = rawHeaders.length;
  while (width > 0 && cellText(rawHeaders[width - 1]) === '') width--;
  if (width > IMPORT_MAX_COLUMNS)
    throw fileError('file_too_wide', `The file has more than ${IMPORT_MAX_COLUMNS} columns`);
  const headers = uniqueHeaders(rawHeaders.slice(0, width));
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i++) {
    const cells = table[i]!;
    if (isBlank(cells)) continue;
    rows.push({ row: i - headerIndex, cells: cells.slice(0, Math.max(width, 1)) });
    if (rows.length > IMPORT_MAX_ROWS) {
      throw fileError('file_too_long', `The file has more than ${IMPORT_MAX_ROWS} rows: split it in parts`);
    }
  }
  if (rows.length === 0) throw fileError('file_empty', 'The file has a header row but no members');
  return { headers, rows };
}
