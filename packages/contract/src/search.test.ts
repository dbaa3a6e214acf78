import { describe, expect, it } from 'vitest';
import { likeEscape, normaliseKeyword, searchTextOf } from './search.ts';

const chan = searchTextOf({
  code: 'DF000123',
  firstName: 'Tai Man',
  lastName: 'Chan',
  chineseName: '陳大文',
  phone: '9123 4567',
  email: 'Tai.Man@Example.com',
  cardNumbers: ['0001234567'],
});
const finds = (keyword: string) => chan.includes(normaliseKeyword(keyword));

describe('member search text', () => {
  it('finds a member by any fragment staff would type', () => {
    for (const keyword of [
      '大文',
      '陳',
      '陳大文',
      'tai man',
      'Chan Tai',
      'CHAN',
      '1234',
      '9123-4567',
      '(912) 345',
      '0001234567',
      'df000123',
      'example.com',
    ]) {
      expect(finds(keyword), keyword).toBe(true);
    }
  });

  it('does not match across two fields or on half a Chinese character', () => {
    expect(finds('chan|chan')).toBe(false);
    expect(normaliseKeyword('|')).toBe('');
    expect(finds('陳文')).toBe(false);
    // 大 is U+5927: neither a phone fragment nor a typed word may land inside its spelling.
    expect(finds('5927')).toBe(false);
    expect(finds('fjch')).toBe(false);
    expect(finds('z')).toBe(false);
  });

  it('ignores accents and case', () => {
    const text = searchTextOf({ code: 'X1', firstName: 'José', lastName: 'Müller' });
    expect(text.includes(normaliseKeyword('jose muller'))).toBe(true);
    expect(text.includes(normaliseKeyword('MÜLLER'))).toBe(true);
  });

  it('treats a keyword of phone characters as digits only', () => {
    expect(normaliseKeyword(' +852 9123-4567 ')).toBe('85291234567');
    expect(normaliseKeyword('Room 101')).toBe('room 101');
  });

  it('escapes LIKE wildcards', () => {
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
