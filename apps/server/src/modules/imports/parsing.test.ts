import { describe, expect, it } from 'vitest';
import { proposeMapping } from './mapping.ts';
import { splitFullName } from './names.ts';
import { uniqueHeaders } from './read-file.ts';
import { dayOrderOf, readBoolean, readDate, readGender, readSource, readStatus } from './values.ts';

describe('full names', () => {
  it.each([
    ['陳大文', { firstName: '大文', lastName: '陳', chineseName: '陳大文' }],
    ['歐陽震華', { firstName: '震華', lastName: '歐陽', chineseName: '歐陽震華' }],
    ['CHAN Tai Man', { firstName: 'Tai Man', lastName: 'Chan', chineseName: null }],
    ['Chan, Tai Man', { firstName: 'Tai Man', lastName: 'Chan', chineseName: null }],
    ['Maria da Silva Souza', { firstName: 'Maria da Silva', lastName: 'Souza', chineseName: null }],
    ['Kelvin Wong (黃嘉偉)', { firstName: 'Kelvin', lastName: 'Wong', chineseName: '黃嘉偉' }],
    ['Madonna', { firstName: 'Madonna', lastName: '', chineseName: null }],
  ])('%s', (full, expected) => {
    expect(splitFullName(full)).toEqual(expected);
  });
});

describe('values', () => {
  it('reads genders, statuses, sources and yes/no in five languages', () => {
    expect(['M', 'f', '男', '女', 'weiblich', 'Homme', 'feminino', 'divers', '?'].map(readGender)).toEqual([
      'male',
      'female',
      'male',
      'female',
      'female',
      'male',
      'female',
      'other',
      'undisclosed',
    ]);
    expect(readGender('robot')).toBeUndefined();
    expect(['Active', 'Inaktiv', '凍結', 'lead', 'cancelado'].map(readStatus)).toEqual([
      'active',
      'left',
      'frozen',
      'prospect',
      'left',
    ]);
    expect(['Walk-in', 'Instagram', 'Empfehlung', 'website'].map(readSource)).toEqual([
      'walk_in',
      'social',
      'referral',
      'online',
    ]);
    expect(['Yes', 'nein', 'Oui', 'não', '是', 1, true].map((v) => readBoolean(v as string))).toEqual([
      true,
      false,
      true,
      false,
      true,
      true,
      true,
    ]);
  });

  it('reads dates in the usual ways; a column decides between day-first and month-first', () => {
    expect(dayOrderOf(['01/02/1990', '13/02/1990'])).toBe('dmy');
    expect(dayOrderOf(['01/02/1990', '02/13/1990'])).toBe('mdy');
    expect(dayOrderOf(['01/02/1990'])).toBe('dmy');
    const today = '2025-06-01';
    expect(readDate('01/02/1990', 'dmy', today)).toBe('1990-02-01');
    expect(readDate('01/02/1990', 'mdy', today)).toBe('1990-01-02');
    expect(readDate('24.12.1985', 'dmy', today)).toBe('1985-12-24');
    expect(readDate('1990/5/1', 'dmy', today)).toBe('1990-05-01');
    expect(readDate('1990年5月1日', 'dmy', today)).toBe('1990-05-01');
    expect(readDate('19900501', 'dmy', today)).toBe('1990-05-01');
    expect(readDate('1/5/85', 'dmy', today)).toBe('1985-05-01');
    expect(readDate('1/5/05', 'dmy', today)).toBe('2005-05-01');
    expect(readDate(new Date(Date.UTC(2001, 0, 31)), 'dmy', today)).toBe('2001-01-31');
    expect(readDate(45_000, 'dmy', today)).toBe('2023-03-15');
    expect(readDate('sometime', 'dmy', today)).toBe('sometime');
  });
});

describe('headers', () => {
  it('names blank headers after their column and numbers repeated ones', () => {
    expect(uniqueHeaders(['Phone', '', 'phone', ' Name '])).toEqual(['Phone', 'Column B', 'phone (2)', 'Name']);
  });

  it('proposes fields from headers of other systems and languages', () => {
    expect(
      proposeMapping(['Nome', 'Sobrenome', 'Celular', 'E-mail', 'Data de nascimento', 'Cartão', 'Unidade', 'Whatever']),
    ).toEqual({
      Nome: 'firstName',
      Sobrenome: 'lastName',
      Celular: 'phone',
      'E-mail': 'email',
      'Data de nascimento': 'birthday',
      Cartão: 'cardNumber',
      Unidade: 'homeCenterCode',
      Whatever: null,
    });
    expect(proposeMapping(['Prénom', 'Nom', 'Téléphone', 'Date de naissance'])).toEqual({
      Prénom: 'firstName',
      Nom: 'lastName',
      Téléphone: 'phone',
      'Date de naissance': 'birthday',
    });
    expect(proposeMapping(['會員編號', '姓名', '電話', '電郵', '性別', '會員卡號', '分店'])).toEqual({
      會員編號: 'code',
      姓名: 'fullName',
      電話: 'phone',
      電郵: 'email',
      性別: 'gender',
      會員卡號: 'cardNumber',
      分店: 'homeCenterCode',
    });
    // A second column for a field already taken is skipped rather than guessed.
    expect(proposeMapping(['Mobile', 'Tel'])).toEqual({ Mobile: 'phone', Tel: null });
  });
});
