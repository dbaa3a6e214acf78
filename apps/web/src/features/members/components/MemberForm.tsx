import { emailSchema } from '@gym/contract/auth';
import { LANGUAGES } from '@gym/contract/constants';
import {
  cardNumberSchema,
  createMemberRequestSchema,
  GENDERS,
  guardianSchema,
  MEMBER_SOURCES,
  MEMBER_STATUSES,
  phoneSchema,
} from '@gym/contract/members';
import { Col, DatePicker, Divider, Form, type FormInstance, Input, Row, Select, Switch } from 'antd';
import type dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { LANGUAGE_ENDONYMS } from '../../../shared/i18n/languages';
import { useCentreToday } from '../../../shared/today';
import { useCenters } from '../../centers/api';
import { useGroupOptions } from '../api';
import { birthdayText, isMinor, type MemberFormValues } from '../memberForm';
import { PhotoField } from './PhotoField';

const shape = createMemberRequestSchema.shape;

interface Props {
  form: FormInstance<MemberFormValues>;
  mode: 'create' | 'edit';
  initialValues: Partial<MemberFormValues>;
  disabled?: boolean;
  onFinish: (values: MemberFormValues) => void;
  /** Shown above the fields (e.g. the duplicate warning). */
  notice?: ReactNode;
  /** The save and cancel buttons. */
  footer: ReactNode;
  /** A guardian stored for an adult stays visible and editable. */
  hasGuardian?: boolean;
}

const half = { xs: 24, md: 12 } as const;
const third = { xs: 24, sm: 12, lg: 8 } as const;

/** The member's profile: the add-member drawer and the Profile tab of a member share it. */
export function MemberForm({ form, mode, initialValues, disabled, onFinish, notice, footer, hasGuardian }: Props) {
  const { t } = useTranslation();
  const centers = useCenters();
  const groups = useGroupOptions();
  const birthday = Form.useWatch('birthday', form);
  const homeCenterId = Form.useWatch('homeCenterId', form);
  const todayAt = useCentreToday();
  const centreToday = todayAt(homeCenterId);
  const minor = isMinor(birthdayText(birthday), centreToday);
  const showGuardian = minor || Boolean(hasGuardian);
  const required = requiredRule(t);

  return (
    <Form<MemberFormValues>
      form={form}
      name="member"
      layout="vertical"
      requiredMark="optional"
      initialValues={initialValues}
      disabled={disabled}
      onFinish={onFinish}
      scrollToFirstError={{ block: 'center', focus: true }}
      className="member-form"
      data-testid="member-form"
    >
      {notice}
      <Form.Item name="photo" label={t('members:fields.photo')}>
        <PhotoField disabled={disabled} />
      </Form.Item>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="firstName"
            label={t('members:fields.firstName')}
            rules={[required, schemaRule(shape.firstName, t)]}
          >
            <Input autoComplete="off" maxLength={80} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="lastName"
            label={t('members:fields.lastName')}
            rules={[required, schemaRule(shape.lastName, t)]}
          >
            <Input autoComplete="off" maxLength={80} />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name="chineseName"
            label={t('members:fields.chineseName')}
            rules={[schemaRule(shape.chineseName, t)]}
          >
            <Input autoComplete="off" maxLength={40} lang="zh-Hant" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="gender" label={t('members:fields.gender')}>
            <Select
              allowClear
              options={GENDERS.map((g) => ({ value: g, label: t(`members:gender.${g}`) }))}
              aria-label={t('members:fields.gender')}
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name="birthday"
            label={t('members:fields.birthday')}
            extra={minor ? t('members:fields.minorHint') : undefined}
            rules={[
              {
                validator: async (_rule, value: dayjs.Dayjs | null | undefined) => {
                  if ((birthdayText(value) ?? '') > centreToday)
                    throw new Error(t('errors:validation.birthday_future'));
                },
              },
            ]}
          >
            <DatePicker
              className="full-width"
              placeholder="YYYY-MM-DD"
              disabledDate={(d) => (birthdayText(d) ?? '') > centreToday}
              aria-label={t('members:fields.birthday')}
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('members:sections.contact')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="phone"
            label={t('members:fields.phone')}
            rules={[required, schemaRule(phoneSchema, t)]}
            validateFirst
          >
            <Input type="tel" autoComplete="off" inputMode="tel" maxLength={24} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="email" label={t('members:fields.email')} rules={[schemaRule(emailSchema, t)]}>
            <Input type="email" autoComplete="off" inputMode="email" maxLength={254} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t('members:fields.address')} rules={[schemaRule(shape.address, t)]}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={300} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="emergencyContactName"
            label={t('members:fields.emergencyContactName')}
            rules={[schemaRule(shape.emergencyContactName, t)]}
          >
            <Input autoComplete="off" maxLength={120} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="emergencyContactPhone"
            label={t('members:fields.emergencyContactPhone')}
            rules={[schemaRule(phoneSchema, t)]}
          >
            <Input type="tel" autoComplete="off" inputMode="tel" maxLength={24} />
          </Form.Item>
        </Col>
      </Row>

      {showGuardian && (
        <fieldset className="member-form__guardian" data-testid="guardian-fields">
          <legend>{t('members:sections.guardian')}</legend>
          {minor && <p className="field-hint">{t('members:fields.guardianHint')}</p>}
          <Row gutter={16}>
            <Col {...third}>
              <Form.Item
                name={['guardian', 'name']}
                label={t('members:fields.guardianName')}
                rules={minor ? [required, schemaRule(guardianSchema.shape.name, t)] : []}
              >
                <Input autoComplete="off" maxLength={120} />
              </Form.Item>
            </Col>
            <Col {...third}>
              <Form.Item
                name={['guardian', 'phone']}
                label={t('members:fields.guardianPhone')}
                rules={minor ? [required, schemaRule(phoneSchema, t)] : [schemaRule(phoneSchema, t)]}
              >
                <Input type="tel" autoComplete="off" inputMode="tel" maxLength={24} />
              </Form.Item>
            </Col>
            <Col {...third}>
              <Form.Item name={['guardian', 'relationship']} label={t('members:fields.guardianRelationship')}>
                <Input autoComplete="off" maxLength={60} />
              </Form.Item>
            </Col>
          </Row>
        </fieldset>
      )}

      <Divider titlePlacement="start">{t('members:sections.membership')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="homeCenterId" label={t('members:fields.homeCenter')} rules={[required]}>
            <Select
              options={(centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
              loading={centers.isPending}
              aria-label={t('members:fields.homeCenter')}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="status" label={t('members:fields.status')} rules={[required]}>
            <Select
              options={MEMBER_STATUSES.map((s) => ({ value: s, label: t(`members:status.${s}`) }))}
              aria-label={t('members:fields.status')}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="groupIds" label={t('members:fields.groups')}>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              loading={groups.isPending}
              aria-label={t('members:fields.groups')}
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="source" label={t('members:fields.source')} rules={[required]}>
            <Select
              options={MEMBER_SOURCES.map((s) => ({ value: s, label: t(`members:source.${s}`) }))}
              aria-label={t('members:fields.source')}
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="language" label={t('members:fields.language')} rules={[required]}>
            <Select
              options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_ENDONYMS[l] }))}
              aria-label={t('members:fields.language')}
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="marketingConsent" label={t('members:fields.marketingConsent')} valuePropName="checked">
            <Switch aria-label={t('members:fields.marketingConsent')} />
          </Form.Item>
        </Col>
        {mode === 'create' && (
          <>
            <Col {...half}>
              <Form.Item
                name="code"
                label={t('members:fields.code')}
                extra={t('members:fields.codeHint')}
                rules={[schemaRule(shape.code, t)]}
              >
                <Input autoComplete="off" maxLength={30} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="cardNumber"
                label={t('members:fields.cardNumber')}
                extra={t('members:fields.cardNumberHint')}
                rules={[schemaRule(cardNumberSchema, t)]}
              >
                <Input autoComplete="off" maxLength={32} className="mono" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={24}>
          <Form.Item name="notes" label={t('members:fields.notes')} rules={[schemaRule(shape.notes, t)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
      {footer}
    </Form>
  );
}
