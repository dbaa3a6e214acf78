import { describe, expect, it } from 'vitest';
import { type ImportCenter, prepareRows } from './prepare-rows.ts';

// 10:30 UTC on 23 November 2026 is already 24 November in Kiritimati (UTC+14) and still 22 November in Pago Pago (UTC-11).
const NOW = new Date('2026-11-23T10:30:00Z');
const ahead: ImportCenter = {
  id: crypto.randomUUID(),
  code: 'KI',
  name: 'Kiritimati',
  allowed: true,
  timeZone: 'Pacific/Kiritimati',
  country: null,
};
const behind: ImportCenter = {
  id: crypto.randomUUID(),
  code: 'PP',
  name: 'Pago Pago',
  allowed: true,
  timeZone: 'Pacific/Pago_Pago',
  country: null,
};

const prepare = (rows: (string | null)[][]) =>
  prepareRows(
    {
      headers: ['First name', 'Last name', 'Phone', 'Birthday', 'Joined', 'Centre'],
      rows: rows.map((cells, i) => ({ row: i + 2, cells })),
    },
    {
      'First name': 'firstName',
      'Last name': 'lastName',
      Phone: 'phone',
      Birthday: 'birthday',
      Joined: 'joinedAt',
      Centre: 'homeCenterCode',
    },
    { centers: [ahead, behind], defaultCenter: ahead, language: 'en', today: NOW },
  );

describe("an import reads each row's dates on its home centre's today", () => {
  it('an 18th birthday today in Kiritimati is an adult there; the day after in Pago Pago is a minor (imported, flagged)', () => {
    const result = prepare([
      ['Ana', 'Adult', '+852 6111 0001', '2008-11-24', null, 'KI'],
      ['Bo', 'Minor', '+852 6111 0002', '2008-11-23', null, 'PP'],
    ]);
    expect(result.errors).toEqual([]);
    // On UTC's day it would be the other way round: Ana flagged, Bo not.
    expect(result.warnings.map((e) => [e.row, e.field, e.code])).toEqual([[3, 'guardianName', 'guardian_missing']]);
    expect(result.members.map((m) => m.lastName)).toEqual(['Adult', 'Minor']);
  });

  it("a joining day is refused only after the home centre's today", () => {
    const result = prepare([
      ['Cy', 'Today', '+852 6111 0003', null, '2026-11-24', 'KI'],
      ['Di', 'Tomorrow', '+852 6111 0004', null, '2026-11-23', 'PP'],
    ]);
    expect(result.errors.map((e) => [e.row, e.field, e.code])).toEqual([[3, 'joinedAt', 'joined_future']]);
  });
});
