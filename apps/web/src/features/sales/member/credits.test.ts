import type { Entitlement } from '@gym/contract/sales';
import { describe, expect, it } from 'vitest';
import { creditsByKind } from './credits';

const pack = (usage: string, creditsLeft: number | null, status: Entitlement['status'] = 'active') =>
  ({ kind: 'package', usage, status, creditsLeft }) as const;

describe('the member header’s credits', () => {
  it('counts class credits and PT sessions apart (7 + 7 is not "14 credits")', () => {
    expect(creditsByKind([pack('class', 7), pack('pt', 7)])).toEqual({ class: 7, pt: 7 });
  });

  it('adds packages of one kind, keeps any-use credits, rental hours and course sessions apart, and skips ended ones', () => {
    expect(
      creditsByKind([
        pack('class', 3),
        pack('class', 10, 'frozen'),
        pack('class', 5, 'expired'),
        pack('any', 2),
        pack('rental', 4, 'pending'),
        { kind: 'short_course', usage: null, status: 'active', creditsLeft: 6 },
        { kind: 'membership', usage: null, status: 'active', creditsLeft: null },
        pack('pt', 0, 'used_up'),
      ]),
    ).toEqual({ class: 13, any: 2, rental: 4, course: 6 });
  });
});
