import type { Member } from '@gym/contract/members';
import { createMemberRequestSchema, updateMemberRequestSchema } from '@gym/contract/members';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createRequestOf, formNameOf, isMinor, type MemberFormValues, updateRequestOf } from './memberForm';

const TODAY = '2025-06-15';
const CENTER = '0b7f2a8e-0000-4000-8000-000000000001';

const values = (over: Partial<MemberFormValues> = {}): MemberFormValues => ({
  firstName: ' Tai Man ',
  lastName: 'Chan',
  chineseName: '陳大文',
  gender: 'male',
  birthday: dayjs('1990-04-01'),
  phone: '9123 4567',
  email: '',
  address: '  ',
  emergencyContactName: null,
  emergencyContactPhone: '',
  guardian: { name: '', phone: '', relationship: '' },
  photo: null,
  homeCenterId: CENTER,
  source: 'walk_in',
  notes: '',
  marketingConsent: false,
  language: 'zh-Hant',
  groupIds: [],
  status: 'active',
  code: '',
  cardNumber: ' ab12cd ',
  ...over,
});

const member: Member = {
  id: '6a1d7c9e-0000-4000-8000-000000000002',
  code: 'DF000123',
  firstName: 'Tai Man',
  lastName: 'Chan',
  chineseName: '陳大文',
  guardianMissing: false,
  gender: 'male',
  birthday: '1990-04-01',
  phone: '9123 4567',
  email: null,
  address: null,
  emergencyContactName: null,
  emergencyContactPhone: null,
  guardian: null,
  photo: null,
  homeCenter: { id: CENTER, code: 'CWB', name: 'Causeway Bay' },
  source: 'walk_in',
  notes: null,
  marketingConsent: false,
  language: 'zh-Hant',
  status: 'active',
  isNew: false,
  groups: [],
  cards: [],
  erasedAt: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

describe('add member request', () => {
  it('turns empty text into nothing, trims, and passes the contract', () => {
    const body = createRequestOf(values(), false, TODAY);
    expect(body).toMatchObject({
      firstName: 'Tai Man',
      email: null,
      address: null,
      guardian: null,
      cardNumber: 'AB12CD',
    });
    expect(body).not.toHaveProperty('code');
    expect(body).not.toHaveProperty('confirmDifferentPerson');
    expect(createMemberRequestSchema.safeParse(body).success).toBe(true);
  });

  it('sends the guardian of a minor, and the confirmation when staff gave it', () => {
    const body = createRequestOf(
      values({
        birthday: dayjs('2012-01-01'),
        guardian: { name: 'Chan Siu Ming', phone: '9876 5432', relationship: '' },
      }),
      true,
      TODAY,
    );
    expect(body.guardian).toEqual({ name: 'Chan Siu Ming', phone: '9876 5432', relationship: null });
    expect(body.confirmDifferentPerson).toBe(true);
  });

  it('lets the contract refuse a minor without a guardian', () => {
    const body = createRequestOf(values({ birthday: dayjs('2012-01-01') }), false, TODAY);
    const result = createMemberRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
  });
});

describe('minors', () => {
  it('counts the 18th birthday as adult', () => {
    expect(isMinor('2007-06-15', TODAY)).toBe(false);
    expect(isMinor('2007-06-16', TODAY)).toBe(true);
    expect(isMinor(null, TODAY)).toBe(false);
  });
});

describe('profile save', () => {
  it('sends only what changed', () => {
    const patch = updateRequestOf(values({ email: 'Tai.Man@example.com', groupIds: [] }), member, false, TODAY);
    expect(patch).toEqual({ email: 'Tai.Man@example.com' });
    expect(updateMemberRequestSchema.safeParse(patch).success).toBe(true);
  });

  it('sends nothing when nothing changed, whatever the order of groups', () => {
    const grouped = {
      ...member,
      groups: [
        { id: 'b', name: 'B' },
        { id: 'a', name: 'A' },
      ],
    };
    expect(updateRequestOf(values({ groupIds: ['a', 'b'] }), grouped, false, TODAY)).toEqual({});
  });

  it('sends the guardian with a changed birthday', () => {
    const patch = updateRequestOf(
      values({ birthday: dayjs('2010-02-02'), guardian: { name: 'Mum', phone: '91112222' } }),
      member,
      false,
      TODAY,
    );
    expect(patch).toEqual({ birthday: '2010-02-02', guardian: { name: 'Mum', phone: '91112222', relationship: null } });
  });
});

describe('server field paths', () => {
  it('finds nested and top-level fields, and ignores unknown ones', () => {
    expect(formNameOf('phone')).toEqual(['phone']);
    expect(formNameOf('guardian.phone')).toEqual(['guardian', 'phone']);
    expect(formNameOf('guardian')).toEqual(['guardian', 'name']);
    expect(formNameOf('groupIds.3')).toEqual(['groupIds']);
    expect(formNameOf('organisationId')).toBeNull();
  });
});
