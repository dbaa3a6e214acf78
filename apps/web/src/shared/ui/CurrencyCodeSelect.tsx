import { CURRENCY_CODES, CURRENCY_EXPONENTS, type CurrencyCode } from '@gym/contract/currency';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The currency's name in the screen's language (the browser knows them all), or the code alone. */
function currencyName(code: CurrencyCode, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** ISO 4217 currency picker with search by code or name; each option shows its decimals as a sample (0.00). */
export function CurrencyCodeSelect(props: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
}) {
  const { i18n } = useTranslation();
  const options = useMemo(
    () =>
      CURRENCY_CODES.map((code) => ({
        value: code,
        // The minor unit shown as a sample amount: 0.00 for HKD, 0 for JPY, 0.000 for BHD.
        label: `${code} · ${currencyName(code, i18n.language)} · ${(0).toFixed(CURRENCY_EXPONENTS[code])}`,
      })),
    [i18n.language],
  );
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      style={{ maxWidth: 360 }}
      data-testid="currency-code"
    />
  );
}
