import { describe, expect, it } from 'vitest';
import { formatMinutes } from './hours';

describe('hours', () => {
  it('writes whole minutes as h:mm, past 24 hours too', () => {
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(5)).toBe('0:05');
    expect(formatMinutes(425)).toBe('7:05');
    expect(formatMinutes(1500)).toBe('25:00');
    expect(formatMinutes(-30)).toBe('-0:30');
  });
});
