import { MONEY_INPUT_DEFAULTS } from '@gym/contract/constants';

/**
 * An amount as the masked money input shows it (spec: prefix, `.` for decimals, `,` for
 * thousands), whatever the screen's language: `R$ 1,234.56`.
 */
export function formatMoneyPreview(minorUnits: number, symbol: string): string {
  const negative = minorUnits < 0;
  const abs = Math.abs(Math.trunc(minorUnits));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, MONEY_INPUT_DEFAULTS.thousands);
  const cents = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${symbol}${whole}${MONEY_INPUT_DEFAULTS.decimal}${cents}`;
}
