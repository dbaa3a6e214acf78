import {
  CLASS_IMPORT_CODES,
  CLASS_IMPORT_FIELDS,
  type ClassImportField,
  type ClassImportPreview,
} from '@gym/contract/class-imports';
import type { ImportField, ImportRowError } from '@gym/contract/imports';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import deErrors from '../../locales/de/errors.json';
import deImports from '../../locales/de/imports.json';
import enErrors from '../../locales/en/errors.json';
import enImports from '../../locales/en/imports.json';
import zhErrors from '../../locales/zh-Hant/errors.json';
import zhImports from '../../locales/zh-Hant/imports.json';
import { ApiError } from '../../shared/api/client';
import { testI18n } from '../../shared/i18n/testI18n';
import {
  CLASS_IMPORT_WORDS,
  classImportLabel,
  classImportSummary,
  importedClassesPath,
  lengthFromType,
  missingClassFields,
} from './classImport';
import { missingFields, remapColumn } from './mapping';
import { errorsCsv, fieldLabel, MEMBER_IMPORT_WORDS, rowErrorText } from './rowErrors';
import { checkErrorText } from './steps';

let t: TFunction;
let tDe: TFunction;
let tZh: TFunction;

beforeAll(async () => {
  const instance = await testI18n(
    {
      en: { imports: enImports, errors: enErrors },
      de: { imports: deImports, errors: deErrors },
      'zh-Hant': { imports: zhImports, errors: zhErrors },
    },
    { fallbackLng: false },
  );
  t = instance.getFixedT('en');
  tDe = instance.getFixedT('de');
  tZh = instance.getFixedT('zh-Hant');
});

const preview = (over: Partial<ClassImportPreview>): ClassImportPreview => ({
  headers: [],
  mapping: {},
  totalRows: 0,
  validRows: 0,
  errorCount: 0,
  errors: [],
  firstDate: null,
  lastDate: null,
  sample: [],
  ...over,
});

describe('column mapping', () => {
  const headers = ['Date', 'Start', 'Class', 'Where', 'Coach'];

  it('gives a field to one column only, and names every column', () => {
    const before: Record<string, ClassImportField | null> = { Date: 'date', Start: 'startTime', Where: 'room' };
    expect(remapColumn(headers, before, 'Coach', 'room')).toEqual({
      Date: 'date',
      Start: 'startTime',
      Class: null,
      Where: null,
      Coach: 'room',
    });
    expect(remapColumn(headers, before, 'Date', null)).toMatchObject({ Date: null, Start: 'startTime' });
  });

  it('names the required fields no column holds; one of several fields is enough', () => {
    expect(missingClassFields({ Date: 'date', Start: 'startTime', Class: 'classType' })).toEqual(['room', 'teacher']);
    const members: Record<string, ImportField | null> = { Name: 'fullName', Notes: null };
    expect(missingFields(members, [['firstName', 'fullName'], 'phone'])).toEqual(['phone']);
    expect(lengthFromType({ Date: 'date', Start: 'startTime' })).toBe(true);
    expect(lengthFromType({ Date: 'date', Minutes: 'durationMinutes' })).toBe(false);
  });
});

describe('timetable words', () => {
  it('labels every class field and explains every row error code in each language', () => {
    for (const tr of [t, tDe, tZh]) {
      for (const field of CLASS_IMPORT_FIELDS) expect(fieldLabel(tr, field, CLASS_IMPORT_WORDS)).not.toBe(field);
      for (const code of Object.values(CLASS_IMPORT_CODES)) {
        const text = rowErrorText(tr, { row: 3, field: 'room', code, message: 'server text' }, CLASS_IMPORT_WORDS);
        expect(text, code).not.toBe('server text');
      }
    }
  });

  it('says which stored class is in the way, with its day and time written the screen’s way', () => {
    const busy: ImportRowError = {
      row: 4,
      field: 'room',
      code: 'room_busy',
      message: 'x',
      params: { value: 'Studio A', name: 'Yoga', date: '2026-09-07', time: '18:30' },
    };
    expect(rowErrorText(t, busy, CLASS_IMPORT_WORDS, 'en')).toBe('The room is taken on 07/09/2026 at 6:30 PM by Yoga.');
    expect(rowErrorText(tDe, busy, CLASS_IMPORT_WORDS, 'de')).toBe(
      'Der Raum ist am 07.09.2026 um 18:30 durch Yoga belegt.',
    );
    expect(
      rowErrorText(
        t,
        { row: 9, field: 'teacher', code: 'overlaps_row', message: 'x', params: { otherRow: 2 } },
        CLASS_IMPORT_WORDS,
      ),
    ).toBe('Overlaps the class on row 2 of the file (same room or same teacher).');
  });

  it('keeps the member import’s own reasons apart from the timetable’s', () => {
    const required: ImportRowError = { row: 1, field: 'phone', code: 'required', message: 'x' };
    expect(rowErrorText(t, required)).toBe('This field is required.');
    expect(rowErrorText(t, required, CLASS_IMPORT_WORDS)).toBe('Every class needs this, and the cell is empty.');
    // A shared code the timetable has no words of its own for.
    expect(rowErrorText(t, { row: 0, field: 'room', code: 'column_missing', message: 'x' }, CLASS_IMPORT_WORDS)).toBe(
      'No column of the file is mapped to this field.',
    );
    expect(fieldLabel(t, 'notes', MEMBER_IMPORT_WORDS)).toBe('Notes');
    expect(fieldLabel(t, 'centerCode', CLASS_IMPORT_WORDS)).toBe('Centre');
  });

  it('exports the timetable’s errors without the member column', () => {
    const csv = errorsCsv(
      t,
      [
        { row: 0, field: 'teacher', code: 'column_missing', message: 'x' },
        { row: 2, field: 'room', code: 'unknown_room', message: 'x', params: { value: 'Moon Room' } },
      ],
      CLASS_IMPORT_WORDS,
      'en',
    );
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      '\ufeffRow,Column,Value,Reason',
      'Header,Teacher,,No column of the file is mapped to this field.',
      '2,Room,Moon Room,This centre has no room of this name.',
    ]);
  });
});

describe('import button, summary and link', () => {
  it('says what the button will do', () => {
    expect(classImportLabel(t, preview({ totalRows: 2000, validRows: 2000 }), 'en')).toBe('Import 2,000 classes');
    expect(classImportLabel(t, preview({ totalRows: 1, validRows: 1 }), 'en')).toBe('Import 1 class');
    expect(classImportLabel(t, preview({ totalRows: 10, validRows: 7, errorCount: 4 }), 'en')).toBe(
      'Fix 3 rows to import',
    );
    expect(classImportLabel(tZh, preview({ totalRows: 1200, validRows: 1200 }), 'zh-Hant')).toBe('匯入 1,200 堂課');
  });

  it('sums the import up and links to the class list over its days', () => {
    const result = { imported: 24, firstDate: '2026-09-07', lastDate: '2026-11-27' };
    expect(classImportSummary(t, result, 'en')).toBe(
      '24 classes were imported, from Mon, 07/09/2026 to Fri, 27/11/2026.',
    );
    expect(classImportSummary(t, { ...result, imported: 1, lastDate: result.firstDate }, 'en')).toBe(
      '1 class was imported, on Mon, 07/09/2026.',
    );
    expect(importedClassesPath(result, 'c1')).toBe('/class-list?from=2026-09-07&to=2026-11-27&center=c1');
    expect(importedClassesPath(result, null)).toBe('/class-list?from=2026-09-07&to=2026-11-27&center=all');
  });

  it('explains a refused file in the timetable’s words first, then the shared ones', () => {
    const refused = (code: string) =>
      new ApiError({
        status: 400,
        error: 'validation_failed',
        message: 'x',
        fields: [{ path: 'data', code, message: 'x' }],
      });
    const words = ['classImport.fileErrors', 'fileErrors'];
    expect(checkErrorText(t, refused('file_empty'), 'term.csv', 96, words)).toBe(
      'The file has no classes (a header row and at least one row are needed).',
    );
    expect(checkErrorText(t, refused('file_empty'), 'term.csv', 96)).toBe(
      'The file has no members (a header row and at least one row are needed).',
    );
    expect(checkErrorText(t, refused('file_too_slow'), 'term.xlsx', 96, words)).toBe(
      'Reading term.xlsx took too long. Save it as CSV or split it into smaller files.',
    );
  });
});
