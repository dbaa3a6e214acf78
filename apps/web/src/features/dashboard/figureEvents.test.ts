import { FIGURES_CHANGED } from '@gym/contract/dashboard';
import { describe, expect, it } from 'vitest';
import { changesFigures } from './api';

describe('the dashboard hears what changes its figures', () => {
  const here = '11111111-1111-4111-8111-111111111111';
  it('reads again on a sale, a payment or a refund at its centre, and on a tap there', () => {
    expect(changesFigures({ action: FIGURES_CHANGED, center_id: here }, here)).toBe(true);
    expect(changesFigures({ action: 'entry', center_id: here, entry: {} }, here)).toBe(true);
  });
  it('ignores another centre’s messages and the card reader’s scans', () => {
    expect(changesFigures({ action: FIGURES_CHANGED, center_id: 'elsewhere' }, here)).toBe(false);
    expect(changesFigures({ action: 'scan', center_id: here }, here)).toBe(false);
    expect(changesFigures('not json', here)).toBe(false);
  });
});
