import { updateSystemConfigRequestSchema } from '@gym/contract/config';
import { CURRENCY_EXPONENTS, type CurrencyCode } from '@gym/contract/currency';
import { Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../shared/api/errorMessages';
import { CurrencyCodeSelect } from '../../../shared/ui/CurrencyCodeSelect';
import { MoneyInput } from '../../../shared/ui/MoneyInput';
import { MoneyText } from '../../../shared/ui/MoneyText';
import { moneyFormatOf, useMoneyFormat } from '../../../shared/useMoneyFormat';
import { ConfigItem } from './ConfigItem';

const { shape } = updateSystemConfigRequestSchema;
const PREVIEW_AMOUNT_MINOR = 123_456;

/** The money format being chosen, shown on an amount the person may change in a money field. */
function CurrencyPreview() {
  const { t } = useTranslation();
  const saved = useMoneyFormat();
  const symbol = Form.useWatch<string | undefined>('currencySymbol') ?? '';
  const code = Form.useWatch<string | undefined>('currencyCode');
  const exponent =
    code !== undefined && Object.hasOwn(CURRENCY_EXPONENTS, code)
      ? CURRENCY_EXPONENTS[code as CurrencyCode]
      : saved.exponent;
  const format = moneyFormatOf({ currencySymbol: symbol, currencyExponent: exponent });
  const [amount, setAmount] = useState<number | null>(PREVIEW_AMOUNT_MINOR);
  return (
    <div className="config-preview config-preview--money">
      <div className="config-preview__try">
        <label htmlFor="currency_try">{t('settings:currency.try')}</label>
        <MoneyInput
          id="currency_try"
          value={amount}
          onChange={setAmount}
          format={format}
          disabled={false}
          style={{ maxWidth: 220 }}
          aria-describedby="currency-preview-text"
          data-testid="currency-try"
        />
      </div>
      <div id="currency-preview-text" aria-live="polite">
        {t('settings:currency.preview')}{' '}
        <code>
          <MoneyText value={amount ?? 0} format={format} data-testid="currency-preview" />
        </code>
      </div>
    </div>
  );
}

/** The organisation's money: its symbol and ISO code (the code sets the decimals), tried on an amount. */
export function CurrencyCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('settings:currency.title')}>
      <Form.Item
        label={t('settings:currency.symbol')}
        name="currencySymbol"
        extra={t('settings:currency.help')}
        rules={[
          { required: true, message: t('errors:validation.required') },
          schemaRule(shape.currencySymbol.unwrap(), t),
        ]}
      >
        <Input maxLength={8} style={{ maxWidth: 160 }} autoComplete="off" data-testid="currency-symbol" />
      </Form.Item>
      <ConfigItem
        words="settings:currency.code"
        name="currencyCode"
        rules={[
          { required: true, message: t('errors:validation.required') },
          schemaRule(shape.currencyCode.unwrap(), t),
        ]}
      >
        <CurrencyCodeSelect />
      </ConfigItem>
      <CurrencyPreview />
    </Card>
  );
}
