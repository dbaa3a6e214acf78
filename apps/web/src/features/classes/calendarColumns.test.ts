import { describe, expect, it } from 'vitest';
import { COLUMN_BASE, columnDate, columnIndex, columnsOf, dropTarget, placeIn } from './calendarColumns';

const studio = { id: 'r1', name: 'Studio A' };
const spin = { id: 'r2', name: 'Spin Room' };
const pool = { id: 'r3', name: 'Pool' };

describe('calendar columns (by room, by teacher)', () => {
  it('places a room’s class in its column at its own time, and reads a drop back as room and time', () => {
    const columns = [studio, spin, pool];
    expect(placeIn(columns, 'r2', '18:00')).toBe(`${columnDate(1)}T18:00:00Z`);
    expect(placeIn(columns, 'elsewhere', '18:00')).toBeNull();
    expect(dropTarget(columns, new Date(`${columnDate(2)}T19:35:00Z`))).toEqual({ resource: pool, time: '19:35' });
    expect(dropTarget(columns, new Date(`${columnDate(3)}T19:35:00Z`))).toBeNull();
    expect(columnIndex(COLUMN_BASE)).toBe(0);
    expect(columnIndex(new Date(`${columnDate(2)}T23:59:00Z`))).toBe(2);
  });

  it('lists every room, adds what the day uses that is not listed, and keeps only the filtered one', () => {
    const outside = { id: 't9', name: 'Iris Yeung' };
    expect(columnsOf([studio, spin], [spin, pool], null)).toEqual([studio, spin, pool]);
    expect(columnsOf([], [outside, spin], null)).toEqual([outside, spin]);
    expect(columnsOf([studio, spin], [pool], 'r2')).toEqual([spin]);
  });
});
