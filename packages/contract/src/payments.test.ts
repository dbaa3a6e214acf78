import { describe, expect, it } from 'vitest';
import { canMoveOrder, ORDER_STATES, ORDER_TRANSITIONS, type OrderState } from './payments.ts';

/** Every move an order may make, written out here independently of the table under test. */
const ALLOWED: [OrderState, OrderState][] = [
  ['created', 'pending'],
  ['created', 'unknown'],
  ['created', 'succeeded'],
  ['created', 'failed'],
  ['created', 'canceled'],
  ['created', 'expired'],
  ['unknown', 'pending'],
  ['unknown', 'succeeded'],
  ['unknown', 'failed'],
  ['unknown', 'canceled'],
  ['unknown', 'expired'],
  ['pending', 'succeeded'],
  ['pending', 'failed'],
  ['pending', 'canceled'],
  ['pending', 'expired'],
  // Money the provider took after all is never lost.
  ['failed', 'succeeded'],
  ['canceled', 'succeeded'],
  ['expired', 'succeeded'],
];

describe('the order’s moves', () => {
  for (const from of ORDER_STATES) {
    for (const to of ORDER_STATES) {
      const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
      it(`${from} → ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canMoveOrder(from, to)).toBe(allowed);
      });
    }
  }

  it('nothing leaves succeeded, nothing goes back to created, and no state stays by a move', () => {
    expect(ORDER_TRANSITIONS.succeeded).toEqual([]);
    for (const from of ORDER_STATES) {
      expect(canMoveOrder(from, 'created')).toBe(false);
      expect(canMoveOrder(from, from)).toBe(false);
    }
  });
});
