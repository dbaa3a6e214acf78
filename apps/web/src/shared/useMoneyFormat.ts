/**
 * How the organisation writes money: its currency symbol and its currency's decimals, with the
 * spec's marks (`.` decimal, `,` thousands). Every amount on screen is shown and typed with it
 * (`shared/ui/MoneyText`, `shared/ui/MoneyInput`).
 */
import { MONEY_INPUT_DEFAULTS } from '@gym/contract/constants';
import type { MoneyFormat } from '@gym/contract/money';
import { useMemo } from 'react';
import { type PublicConfig, usePublicConfig } from './publicConfig';

/** The format for a currency symbol and exponent (an exponent other than 0, 2 or 3 is read as 2). */
export function moneyFormatOf(config: Pick<PublicConfig, 'currencySymbol' | 'currencyExponent'>): MoneyFormat {
  const e = config.currencyExponent;
  return {
    symbol: config.currencySymbol,
    exponent: e === 0 || e === 3 ? e : 2,
    decimal: MONEY_INPUT_DEFAULTS.decimal,
    thousands: MONEY_INPUT_DEFAULTS.thousands,
  };
}

/** Amounts before the organisation's configuration has arrived: no symbol (there is no default currency). */
const UNKNOWN_CURRENCY: MoneyFormat = {
  symbol: '',
  exponent: 2,
  decimal: MONEY_INPUT_DEFAULTS.decimal,
  thousands: MONEY_INPUT_DEFAULTS.thousands,
};

/**
 * The organisation's money format. Until its configuration has arrived (it is read once per
 * session and cached), amounts without a symbol: never another currency's.
 */
export function useMoneyFormat(): MoneyFormat {
  const config = usePublicConfig();
  const symbol = config.data?.currencySymbol;
  const exponent = config.data?.currencyExponent;
  return useMemo(
    () =>
      symbol === undefined || exponent === undefined
        ? UNKNOWN_CURRENCY
        : moneyFormatOf({ currencySymbol: symbol, currencyExponent: exponent }),
    [symbol, exponent],
  );
}
