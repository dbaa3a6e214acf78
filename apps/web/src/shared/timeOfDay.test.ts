import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, quarterHours } from './timeOfDay';

describe('times of day in the UI language', () => {
  it('is 24-hour in German, French and Portuguese, 12-hour in English', () => {
    expect(formatTimeOfDay('18:30', 'de')).toBe('18:30');
    expect(formatTimeOfDay('18:30', 'fr')).toBe('18:30');
    expect(formatTimeOfDay('18:30', 'pt')).toBe('18:30');
    expect(formatTimeOfDay('06:05', 'de')).toMatch(/^0?6:05$/);
    expect(formatTimeOfDay('18:30', 'en')).toMatch(/^6:30\s?PM$/);
    expect(formatTimeOfDay('18:30', 'de')).not.toMatch(/AM|PM/);
  });

  it('offers every quarter hour and keeps a stored time off the grid', () => {
    expect(quarterHours()).toHaveLength(96);
    expect(quarterHours('07:10')).toContain('07:10');
  });
});
