import { describe, expect, it } from 'vitest';
import { centerFormValues, centerRequest } from './centerForm';

describe('centre form', () => {
  it('starts a new centre with seven default days and the organisation currency', () => {
    const values = centerFormValues(null, { currencySymbol: 'HK$', currencyCode: 'HKD' });
    expect(values).toMatchObject({ currencySymbol: 'HK$', currencyCode: 'HKD' });
    expect(values.openingHours.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('fills a missing day from the defaults and keeps the stored ones', () => {
    const values = centerFormValues(
      {
        id: 'c',
        code: 'CWB',
        name: 'Curitiba',
        address: null,
        phone: null,
        email: null,
        timeZone: 'America/Sao_Paulo',
        country: 'BR',
        currencySymbol: 'R$ ',
        currencyCode: 'BRL',
        openingHours: [{ day: 1, closed: true, open: '07:00', close: '22:00' }],
        active: true,
        memberCount: 0,
        roomCount: 0,
        createdAt: '2025-01-01T00:00:00Z',
      },
      { currencySymbol: '€', currencyCode: 'EUR' },
    );
    expect(values.openingHours).toHaveLength(7);
    expect(values.openingHours[1]).toEqual({ day: 1, closed: true, open: '07:00', close: '22:00' });
    expect(values.address).toBe('');
    expect(values.currencySymbol).toBe('R$ ');
    expect(values.country).toBe('BR');
    expect(centerRequest(values).country).toBe('BR');
  });

  it('sends blanks as null, the code in capitals and trimmed texts', () => {
    const body = centerRequest({
      ...centerFormValues(null, { currencySymbol: '$', currencyCode: 'USD' }),
      code: ' cwb ',
      name: ' Curitiba ',
      address: '  ',
      phone: ' +55 41 3333-4444 ',
      email: '',
      timeZone: 'America/Sao_Paulo',
    });
    expect(body).toMatchObject({
      code: 'CWB',
      name: 'Curitiba',
      address: null,
      phone: '+55 41 3333-4444',
      email: null,
    });
    expect(body.openingHours).toHaveLength(7);
  });

  it('numbers the days when the form returns the opening hours without them (0 is Sunday)', () => {
    const values = centerFormValues(null, { currencySymbol: '$', currencyCode: 'USD' });
    const shown = values.openingHours.map(({ day: _day, ...rest }) => rest) as typeof values.openingHours;
    expect(centerRequest({ ...values, openingHours: shown }).openingHours?.map((d) => d.day)).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
  });
});
