/**
 * ISO 4217 currencies with their minor-unit exponent (how many decimals the minor unit has: HKD 2,
 * JPY 0, BHD 3). Money is stored as integer minor units; the exponent says how to show and read it.
 * The display symbol (`HK$`, `R$ `) is separate: staff choose how a price looks.
 */
import { z } from 'zod';

export const CURRENCY_EXPONENTS = {
  AED: 2,
  ARS: 2,
  AUD: 2,
  BDT: 2,
  BGN: 2,
  BHD: 3,
  BRL: 2,
  CAD: 2,
  CHF: 2,
  CLP: 0,
  CNY: 2,
  COP: 2,
  CZK: 2,
  DKK: 2,
  EGP: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  HUF: 2,
  IDR: 2,
  ILS: 2,
  INR: 2,
  ISK: 0,
  JOD: 3,
  JPY: 0,
  KES: 2,
  KRW: 0,
  KWD: 3,
  LKR: 2,
  MAD: 2,
  MOP: 2,
  MXN: 2,
  MYR: 2,
  NGN: 2,
  NOK: 2,
  NZD: 2,
  OMR: 3,
  PEN: 2,
  PHP: 2,
  PKR: 2,
  PLN: 2,
  QAR: 2,
  RON: 2,
  RSD: 2,
  RUB: 2,
  SAR: 2,
  SEK: 2,
  SGD: 2,
  THB: 2,
  TND: 3,
  TRY: 2,
  TWD: 2,
  UAH: 2,
  USD: 2,
  UYU: 2,
  VND: 0,
  ZAR: 2,
} as const satisfies Record<string, 0 | 2 | 3>;

export type CurrencyCode = keyof typeof CURRENCY_EXPONENTS;
export const CURRENCY_CODES = Object.keys(CURRENCY_EXPONENTS).sort() as CurrencyCode[];

/**
 * The symbol a currency is usually written with, then a space as the spec writes `R$ ` (`HK$ `,
 * `€ `; the code itself when it has no symbol, `BHD `): what a new organisation starts with. There
 * is no default currency: each organisation names its own when it is created.
 */
export function usualCurrencySymbol(code: CurrencyCode): string {
  const parts = new Intl.NumberFormat('en', { style: 'currency', currency: code }).formatToParts(0);
  return `${parts.find((p) => p.type === 'currency')?.value ?? code} `;
}

/** An ISO 4217 code we know the exponent of; refused with `currency_unknown`. */
export const currencyCodeSchema = z
  .string()
  .refine((v): v is CurrencyCode => Object.hasOwn(CURRENCY_EXPONENTS, v), 'currency_unknown')
  .transform((v) => v as CurrencyCode);

/** Decimals of the currency's minor unit. */
export function minorUnitExponent(code: CurrencyCode): 0 | 2 | 3 {
  return CURRENCY_EXPONENTS[code];
}
