import { emailSchema } from '@gym/contract/auth';
import { createCenterRequestSchema, DEFAULT_OPENING_HOURS, type OpeningDay } from '@gym/contract/centers';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import type { CenterDetail, CreateCenterRequest } from '../api';
import { timeZoneOptions } from '../timeZones';
import { OpeningHoursEditor } from './OpeningHoursEditor';

export interface CenterFormValues {
  code: string;
  name: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  timeZone: string;
  currencySymbol: string;
  openingHours: OpeningDay[];
}

/** Field names the server may name in a 400 or 409 (they are put beside their field). */
export const CENTER_FIELDS = ['code', 'name', 'address', 'phone', 'email', 'timeZone', 'currencySymbol'] as const;

const { shape } = createCenterRequestSchema;

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** One entry per day, in data order, whatever the server sent (a missing day gets the default). */
function sevenDays(days: readonly OpeningDay[] | undefined): OpeningDay[] {
  return DEFAULT_OPENING_HOURS.map((fallback) => ({ ...(days?.find((d) => d.day === fallback.day) ?? fallback) }));
}

export function centerFormValues(
  center: Omit<CenterDetail, 'readers'> | null,
  currencySymbol: string,
): CenterFormValues {
  if (!center) {
    return {
      code: '',
      name: '',
      address: '',
      phone: '',
      email: '',
      timeZone: browserTimeZone(),
      currencySymbol,
      openingHours: sevenDays(undefined),
    };
  }
  return {
    code: center.code,
    name: center.name,
    address: center.address ?? '',
    phone: center.phone ?? '',
    email: center.email ?? '',
    timeZone: center.timeZone,
    currencySymbol: center.currencySymbol,
    openingHours: sevenDays(center.openingHours),
  };
}

const orNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export function centerRequest(values: CenterFormValues): CreateCenterRequest {
  return {
    code: values.code.trim().toUpperCase(),
    name: values.name.trim(),
    address: orNull(values.address),
    phone: orNull(values.phone),
    email: orNull(values.email),
    timeZone: values.timeZone,
    currencySymbol: values.currencySymbol,
    openingHours: values.openingHours.map((d) => ({ day: d.day, closed: d.closed, open: d.open, close: d.close })),
  };
}

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
      </div>
      <OpeningHoursEditor disabled={disabled} />
    </>
  );
}
