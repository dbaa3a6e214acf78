import { describe, expect, it } from 'vitest';
import { formatMemberName, isHanName, memberInitials } from './names.ts';

describe('member names', () => {
  it('shows a Chinese name family name first, without a space, whichever field held which part', () => {
    expect(formatMemberName({ firstName: '嘉欣', lastName: '張' })).toBe('張嘉欣');
    expect(memberInitials({ firstName: '嘉欣', lastName: '張' })).toBe('張嘉');
    expect(formatMemberName({ firstName: '大文', lastName: '陳' })).toBe('陳大文');
  });

  it('keeps Latin names given name first', () => {
    expect(formatMemberName({ firstName: 'Mary', lastName: 'Wong' })).toBe('Mary Wong');
    expect(memberInitials({ firstName: 'mary', lastName: 'wong' })).toBe('MW');
    expect(formatMemberName({ firstName: ' Ana ', lastName: '' })).toBe('Ana');
  });

  it('does not treat a mixed name as Chinese', () => {
    expect(isHanName({ firstName: 'Mary', lastName: '張' })).toBe(false);
    expect(formatMemberName({ firstName: 'Mary', lastName: '張' })).toBe('Mary 張');
  });

  it('falls back to the Chinese name, then a question mark, for initials', () => {
    expect(memberInitials({ firstName: '', lastName: '', chineseName: '陳大文' })).toBe('陳');
    expect(memberInitials({ firstName: '', lastName: '' })).toBe('?');
  });
});
