import { describe, expect, it } from 'vitest';
import deErrors from '../../locales/de/errors.json';
import deScreenErrors from '../../locales/de/screenErrors.json';
import enErrors from '../../locales/en/errors.json';
import enScreenErrors from '../../locales/en/screenErrors.json';
import { testI18n } from '../i18n/testI18n';
import { ApiError } from './client';
import { apiErrorMessage } from './errorMessages';

const refusal = (error: string) => new ApiError({ status: 409, error, message: 'server words' });

describe('apiErrorMessage', () => {
  it('reads a code in the sign-in bundle and one only the screens carry, in the person language', async () => {
    const i18n = await testI18n(
      {
        en: { errors: enErrors, screenErrors: enScreenErrors },
        de: { errors: deErrors, screenErrors: deScreenErrors },
      },
      { lng: 'de' },
    );
    expect(apiErrorMessage(i18n.t, refusal('invalid_credentials'))).toBe(deErrors.codes.invalid_credentials);
    expect(apiErrorMessage(i18n.t, refusal('stock_short'))).toBe(deScreenErrors.codes.stock_short);
    expect(apiErrorMessage(i18n.t, refusal('no_such_code'))).toBe(deErrors.codes.unknown);
  });
});
