import { emailSchema } from '@gym/contract/auth';
import { createCenterRequestSchema } from '@gym/contract/centers';
import { currencyCodeSchema } from '@gym/contract/currency';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { CurrencyCodeSelect } from '../../../shared/ui/CurrencyCodeSelect';
import { timeZoneOptions } from '../timeZones';
import { CountrySelect } from './CountrySelect';
import { OpeningHoursEditor } from './OpeningHoursEditor';

const { shape } = createCenterRequestSchema;

/** The fields of a centre, shared by the current-centre screen and the centre list's drawer. */
export function CenterFields({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const timeZone = Form.useWatch('timeZone');
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  return (
    <>
      <div className="form-columns">
        <Form.Item label={t('centers:fields.name')} name="name" rules={[requiredRule(t), schemaRule(shape.name, t)]}>
          <Input maxLength={120} disabled={disabled} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('centers:fields.code')}
          name="code"
          extra={t('centers:fields.codeHelp')}
          normalize={(value: string | undefined) => value?.toUpperCase().replace(/\s/g, '')}
          rules={[requiredRule(t), schemaRule(shape.code, t)]}
        >
          <Input maxLength={10} disabled={disabled} autoComplete="off" spellCheck={false} />
        </Form.Item>
      </div>
      <Form.Item label={t('centers:fields.address')} name="address" rules={[schemaRule(shape.address, t)]}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={300} disabled={disabled} />
      </Form.Item>
      <div className="form-columns">
        <Form.Item label={t('centers:fields.phone')} name="phone" rules={[schemaRule(shape.phone, t)]}>
          <Input type="tel" inputMode="tel" autoComplete="off" disabled={disabled} />
        </Form.Item>
        <Form.Item
          label={t('centers:fields.email')}
          name="email"
          validateTrigger="onBlur"
          rules={[schemaRule(emailSchema, t)]}
        >
          <Input type="email" inputMode="email" autoComplete="off" disabled={disabled} />
        </Form.Item>
      </div>
      <div className="form-columns">
        <Form.Item label={t('centers:fields.timeZone')} name="timeZone" rules={[requiredRule(t)]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={zones} disabled={disabled} virtual />
        </Form.Item>
        <Form.Item
          label={t('centers:fields.country')}
          name="country"
          extra={t('centers:fields.countryHelp')}
          rules={[schemaRule(shape.country, t)]}
        >
          <CountrySelect disabled={disabled} />
        </Form.Item>
      </div>
      <div className="form-columns">
        <Form.Item
          label={t('centers:fields.currencySymbol')}
          name="currencySymbol"
          extra={t('centers:fields.currencyHelp')}
          rules={[
            { required: true, message: t('errors:validation.required') },
            schemaRule(shape.currencySymbol.unwrap(), t),
          ]}
        >
          <Input maxLength={8} disabled={disabled} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('centers:fields.currencyCode')}
          name="currencyCode"
          extra={t('centers:fields.currencyCodeHelp')}
          rules={[requiredRule(t), schemaRule(currencyCodeSchema, t)]}
        >
          {/* The organisation's currency: a centre sells its catalogue, priced in that currency. */}
          <CurrencyCodeSelect disabled />
        </Form.Item>
      </div>
      <OpeningHoursEditor disabled={disabled} />
    </>
  );
}
