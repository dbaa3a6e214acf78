import type { ImportRowError } from '@gym/contract/imports';
import { IMPORT_MAX_BYTES } from '@gym/contract/imports';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enErrors from '../../locales/en/errors.json';
import enImports from '../../locales/en/imports.json';
import zhErrors from '../../locales/zh-Hant/errors.json';
import zhImports from '../../locales/zh-Hant/imports.json';
import { testI18n } from '../../shared/i18n/testI18n';
import { formatSize } from '../../shared/intl';
import { checkFile, formatOf } from './file';
import { createLineSplitter, readNdjson } from './ndjson';
import { errorsCsv, rowErrorText } from './rowErrors';

let t: TFunction;
let tZh: TFunction;

beforeAll(async () => {
  const instance = await testI18n({
    en: { imports: enImports, errors: enErrors },
    'zh-Hant': { imports: zhImports, errors: zhErrors },
  });
  t = instance.getFixedT('en');
  tZh = instance.getFixedT('zh-Hant');
});

describe('progress lines', () => {
  it('joins a line cut between two chunks and skips blank lines', () => {
    const split = createLineSplitter();
    expect(split.push('{"type":"progress","done":0,')).toEqual([]);
    expect(split.push('"total":2}\n\n{"type":"pro')).toEqual(['{"type":"progress","done":0,"total":2}']);
    expect(split.push('gress","done":2,"total":2}\n{"type":"done"')).toEqual([
      '{"type":"progress","done":2,"total":2}',
    ]);
    expect(split.end()).toEqual(['{"type":"done"']);
  });

  it('reads a streamed body line by line, even a character split across chunks', async () => {
    const bytes = new TextEncoder().encode(
      '{"type":"progress","done":1,"total":1,"note":"陳"}\n{"type":"done","imported":1}\n',
    );
    const cut = bytes.indexOf(0xe9) + 1; // inside the three bytes of 陳
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const lines: unknown[] = [];
    await readNdjson(body, (line) => lines.push(line));
    expect(lines).toEqual([
      { type: 'progress', done: 1, total: 1, note: '陳' },
      { type: 'done', imported: 1 },
    ]);
  });
});

describe('file choice', () => {
  it('knows CSV and XLSX by name, refuses old .xls and files over the limit', () => {
    expect(formatOf('Members.XLSX')).toBe('xlsx');
    expect(formatOf('export.csv')).toBe('csv');
    expect(formatOf('export', 'text/csv')).toBe('csv');
    expect(checkFile({ name: 'old.xls', size: 10 })).toEqual({ ok: false, reason: 'wrongType' });
    expect(checkFile({ name: 'big.csv', size: IMPORT_MAX_BYTES + 1 })).toEqual({ ok: false, reason: 'tooLarge' });
    expect(checkFile({ name: 'ok.csv', size: IMPORT_MAX_BYTES })).toEqual({ ok: true, format: 'csv' });
    expect(formatSize(IMPORT_MAX_BYTES, 'en')).toBe('15 MB');
  });
});

describe('row errors', () => {
  const errors: ImportRowError[] = [
    { row: 0, field: 'phone', code: 'column_missing', message: 'x' },
    { row: 7, field: 'phone', code: 'phone_format', message: 'x' },
    { row: 9, field: 'cardNumber', code: 'duplicate_in_file', message: 'x', params: { value: '0001', firstRow: 3 } },
    { row: 12, field: 'gender', code: 'unknown_value', message: 'x', params: { value: '=robot' } },
    { row: 13, field: 'notes', code: 'brand_new_code', message: 'Server text' },
  ];

  it('explains each reason in the screen language, with the shared field messages as fallback', () => {
    expect(rowErrorText(t, errors[1]!)).toBe('Enter a phone number (digits, spaces, dashes, a leading +).');
    expect(rowErrorText(t, errors[2]!)).toBe('Also on row 3 of the file.');
    expect(rowErrorText(tZh, errors[2]!)).toBe('與檔案第 3 行重複。');
    expect(rowErrorText(t, errors[4]!)).toBe('Server text');
  });

  it('exports the list as CSV a spreadsheet opens safely', () => {
    const csv = errorsCsv(t, errors);
    expect(csv.startsWith('\ufeffRow,Member,Column,Value,Reason\r\n')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines[1]).toBe('Header,,Phone,,No column of the file is mapped to this field.');
    expect(lines[3]).toBe('9,,Card number,0001,Also on row 3 of the file.');
    // A value that starts like a formula is neutralised.
    expect(lines[4]).toBe("12,,Gender,'=robot,This value is not recognised.");
  });
});
