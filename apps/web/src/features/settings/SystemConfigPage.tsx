import {
  DEFAULT_CLASS_RULES,
  FULL_CLASS_RULES,
  type FullClassRule,
  LATE_CANCEL_RULES,
  type LateCancelRule,
} from '@gym/contract/classes';
import './settings.css';
import {
  ENTITLEMENT_ACTIVATIONS,
  type EntitlementActivation,
  MEMBER_CODE_TOKENS,
  memberCodePatternSchema,
  paymentMethodConfigSchema,
  renderMemberCode,
  updateSystemConfigRequestSchema,
} from '@gym/contract/config';
import { LANGUAGES, type Language } from '@gym/contract/constants';
import { CURRENCY_EXPONENTS, type CurrencyCode } from '@gym/contract/currency';
import { Alert, App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { useCenterId } from '../../shared/centerSelection';
import { useAllCenters, useCenters } from '../../shared/centers';
import { LANGUAGE_ENDONYMS } from '../../shared/i18n/languages';
import { CurrencyCodeSelect } from '../../shared/ui/CurrencyCodeSelect';
import { MoneyInput, useMoneyRules } from '../../shared/ui/MoneyInput';
import { MoneyText } from '../../shared/ui/MoneyText';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { moneyFormatOf, useMoneyFormat } from '../../shared/useMoneyFormat';
import { rateText } from '../sales/plan';
import { type SystemConfig, useNextMemberSeq, useSystemConfig, useUpdateSystemConfig } from './api';
import { percentTextToBp } from './percent';

interface ConfigValues {
  organisationName: string;
  defaultLanguage: Language;
  currencySymbol: string;
  currencyCode: string;
  memberCodePattern: string;
  registrationOpen: boolean;
  duplicateTapWindowSeconds: number | null;
  overdueRefuses: boolean;
  entryOverdueToleranceMinor: number | null;
  entitlementActivation: EntitlementActivation;
  paymentMethods: { code: string; name: string }[];
  classFullRule: FullClassRule;
  lateCancelRule: LateCancelRule;
  lateCancelFeeMinor: number | null;
  /** The manual-discount cap as the percentage typed (`10`, `7.5`); sent in basis points. */
  manualDiscountCapBp: string;
}

const FIELDS = [
  'organisationName',
  'defaultLanguage',
  'currencySymbol',
  'currencyCode',
  'memberCodePattern',
  'registrationOpen',
  'duplicateTapWindowSeconds',
  'entryOverdueToleranceMinor',
  'entitlementActivation',
  'paymentMethods',
  'classFullRule',
  'lateCancelRule',
  'lateCancelFeeMinor',
  'manualDiscountCapBp',
] as const;
const { shape } = updateSystemConfigRequestSchema;
const PREVIEW_AMOUNT_MINOR = 123_456;

function MemberCodePreview({
  initial,
  centerCode,
  timeZone,
}: {
  initial: string;
  centerCode: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const pattern = Form.useWatch<string | undefined>('memberCodePattern') ?? '';
  const valid = memberCodePatternSchema.safeParse(pattern);
  // The real next number from the server's counter (not 1), so the preview shows the code the next member gets.
  const next = useNextMemberSeq();
  const seq = next.data?.nextSeq ?? 1;
  return (
    <div className="config-preview" aria-live="polite" data-testid="member-code-preview">
      {valid.success ? (
        <>
          {t('settings:memberCode.preview')}{' '}
          <code>{renderMemberCode(valid.data, { initial, centerCode, date: new Date(), timeZone, seq })}</code>
        </>
      ) : (
        t('settings:memberCode.noPreview')
      )}
    </div>
  );
}

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

function TokenList({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ConfigValues>();
  return (
    <div className="token-list">
      <span id="member-code-tokens">{t('settings:memberCode.tokens')}</span>
      <ul aria-labelledby="member-code-tokens">
        {MEMBER_CODE_TOKENS.map((token) => {
          const inserted = token === '{SEQ:n}' ? '{SEQ:6}' : token;
          return (
            <li key={token}>
              <Button
                size="small"
                disabled={disabled}
                onClick={() => {
                  const current = form.getFieldValue('memberCodePattern') ?? '';
                  form.setFieldValue('memberCodePattern', `${current}${inserted}`);
                  void form.validateFields(['memberCodePattern']);
                }}
                aria-label={t('settings:memberCode.insert', { token: inserted })}
              >
                <code>{token}</code>
              </Button>{' '}
              <span className="token-list__text">{t(`settings:memberCode.token.${token.replace(/[{}:]/g, '')}`)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function RegistrationLinks({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const centers = useAllCenters();
  const active = centers.data?.filter((c) => c.active) ?? [];
  if (centers.isPending) return <LoadingState />;
  if (centers.isError) return <Alert type="warning" showIcon title={apiErrorMessage(t, centers.error)} />;
  return (
    <ul className="registration-links" data-testid="registration-links">
      {active.map((center) => {
        const url = `${window.location.origin}/register/${encodeURIComponent(initial)}/${encodeURIComponent(center.code)}/`;
        return (
          <li key={center.id}>
            <span className="registration-links__center">{center.name}</span>
            <Typography.Text copyable={{ text: url, tooltips: [t('settings:copy'), t('settings:copied')] }}>
              <a href={url} target="_blank" rel="noreferrer">
                {url}
              </a>
            </Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}

function MaintenanceCard({ config, canUpdate }: { config: SystemConfig; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const update = useUpdateSystemConfig();

  const toggle = (on: boolean) =>
    modal.confirm({
      title: t(on ? 'settings:maintenance.onTitle' : 'settings:maintenance.offTitle'),
      content: t(on ? 'settings:maintenance.onText' : 'settings:maintenance.offText'),
      okText: t(on ? 'settings:maintenance.turnOn' : 'settings:maintenance.turnOff'),
      okButtonProps: on ? { danger: true } : {},
      cancelText: t('settings:cancel'),
      onOk: () =>
        update
          .mutateAsync({ maintenanceMode: on })
          .then(() => {
            void message.success(t(on ? 'settings:maintenance.turnedOn' : 'settings:maintenance.turnedOff'));
          })
          .catch((error: unknown) => {
            void message.error(apiErrorMessage(t, error));
          }),
    });

  return (
    <Card title={t('settings:maintenance.title')} data-testid="maintenance-card">
      <p className="screen-lead">{t('settings:maintenance.lead')}</p>
      {config.maintenanceMode && (
        <Alert type="warning" showIcon title={t('settings:maintenance.isOn')} className="config-alert" />
      )}
      <div className="config-switch">
        <Switch
          id="maintenance_mode"
          checked={config.maintenanceMode}
          disabled={!canUpdate}
          loading={update.isPending}
          onChange={(on) => toggle(on)}
          data-testid="maintenance-switch"
        />
        <label htmlFor="maintenance_mode">{t('settings:maintenance.label')}</label>
      </div>
    </Card>
  );
}

function ConfigForm({ config, canUpdate }: { config: SystemConfig; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ConfigValues>();
  const update = useUpdateSystemConfig();
  const centerId = useCenterId();
  const centers = useCenters();
  const previewCenter = centers.data?.find((c) => c.id === centerId) ?? centers.data?.[0];
  const centerCode = previewCenter?.code ?? 'CWB';
  const previewTimeZone = previewCenter?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const registrationOpen = Form.useWatch<boolean | undefined>('registrationOpen', form);
  const overdueRefuses = Form.useWatch<boolean | undefined>('overdueRefuses', form);
  const toleranceRules = useMoneyRules({ required: true });
  const lateCancelRule = Form.useWatch<LateCancelRule | undefined>('lateCancelRule', form);
  const feeRules = useMoneyRules({ required: true, min: 1 });

  return (
    <Form<ConfigValues>
      form={form}
      name="config"
      layout="vertical"
      requiredMark={false}
      disabled={!canUpdate || update.isPending}
      scrollToFirstError={{ block: 'center', focus: true }}
      initialValues={{
        organisationName: config.organisationName,
        defaultLanguage: config.defaultLanguage,
        currencySymbol: config.currencySymbol,
        currencyCode: config.currencyCode,
        memberCodePattern: config.memberCodePattern,
        registrationOpen: config.registrationOpen,
        duplicateTapWindowSeconds: config.duplicateTapWindowSeconds,
        overdueRefuses: config.entryOverdueToleranceMinor !== null,
        entryOverdueToleranceMinor: config.entryOverdueToleranceMinor ?? 0,
        entitlementActivation: config.entitlementActivation,
        paymentMethods: config.paymentMethods,
        classFullRule: config.classFullRule ?? DEFAULT_CLASS_RULES.fullClass,
        lateCancelRule: config.lateCancelRule ?? DEFAULT_CLASS_RULES.lateCancel,
        lateCancelFeeMinor: config.lateCancelFeeMinor || null,
        manualDiscountCapBp: rateText(config.manualDiscountCapBp ?? 0),
      }}
      onFinish={(values) =>
        update.mutate(
          {
            organisationName: values.organisationName.trim(),
            defaultLanguage: values.defaultLanguage,
            currencySymbol: values.currencySymbol,
            currencyCode: values.currencyCode as CurrencyCode,
            memberCodePattern: values.memberCodePattern.trim(),
            registrationOpen: values.registrationOpen,
            duplicateTapWindowSeconds: Number(values.duplicateTapWindowSeconds),
            entryOverdueToleranceMinor: values.overdueRefuses ? (values.entryOverdueToleranceMinor ?? 0) : null,
            entitlementActivation: values.entitlementActivation,
            paymentMethods: (values.paymentMethods ?? []).map((m) => ({ code: m.code.trim(), name: m.name.trim() })),
            classFullRule: values.classFullRule,
            lateCancelRule: values.lateCancelRule,
            ...(values.lateCancelRule === 'fee' ? { lateCancelFeeMinor: values.lateCancelFeeMinor ?? 0 } : {}),
            manualDiscountCapBp: percentTextToBp(values.manualDiscountCapBp) ?? 0,
          },
          {
            onSuccess: () => void message.success(t('settings:saved')),
            onError: (error) => {
              if (!showErrorOnFields(form, error, t, FIELDS)) void message.error(apiErrorMessage(t, error));
            },
          },
        )
      }
      className="config-form"
    >
      <Card title={t('settings:organisation.title')}>
        <div className="form-columns">
          <Form.Item
            label={t('settings:organisation.name')}
            name="organisationName"
            rules={[requiredRule(t), schemaRule(shape.organisationName.unwrap(), t)]}
          >
            <Input maxLength={120} autoComplete="organization" />
          </Form.Item>
          <Form.Item label={t('settings:organisation.initial')} extra={t('settings:organisation.initialHelp')}>
            <Input value={config.initial} readOnly disabled aria-label={t('settings:organisation.initial')} />
          </Form.Item>
        </div>
        <Form.Item
          label={t('settings:organisation.defaultLanguage')}
          name="defaultLanguage"
          extra={t('settings:organisation.defaultLanguageHelp')}
          rules={[{ required: true, message: t('errors:validation.required') }]}
        >
          <Select
            style={{ maxWidth: 280 }}
            options={LANGUAGES.map((language) => ({
              value: language,
              label: <span lang={language}>{LANGUAGE_ENDONYMS[language]}</span>,
            }))}
          />
        </Form.Item>
      </Card>

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
        <Form.Item
          label={t('settings:currency.code')}
          name="currencyCode"
          extra={t('settings:currency.codeHelp')}
          rules={[
            { required: true, message: t('errors:validation.required') },
            schemaRule(shape.currencyCode.unwrap(), t),
          ]}
        >
          <CurrencyCodeSelect />
        </Form.Item>
        <CurrencyPreview />
      </Card>

      <Card title={t('settings:memberCode.title')}>
        <Form.Item
          label={t('settings:memberCode.pattern')}
          name="memberCodePattern"
          extra={t('settings:memberCode.help')}
          rules={[requiredRule(t), schemaRule(memberCodePatternSchema, t)]}
        >
          <Input maxLength={40} autoComplete="off" spellCheck={false} style={{ maxWidth: 360 }} />
        </Form.Item>
        <MemberCodePreview initial={config.initial} centerCode={centerCode} timeZone={previewTimeZone} />
        <TokenList disabled={!canUpdate} />
      </Card>

      <Card title={t('settings:registration.title')}>
        <Form.Item
          name="registrationOpen"
          valuePropName="checked"
          label={t('settings:registration.open')}
          extra={t('settings:registration.help')}
        >
          <Switch data-testid="registration-switch" />
        </Form.Item>
        {registrationOpen === false && (
          <Alert type="info" showIcon title={t('settings:registration.closedNote')} className="config-alert" />
        )}
        <h3 className="config-subtitle">{t('settings:registration.links')}</h3>
        <RegistrationLinks initial={config.initial} />
      </Card>

      <Card title={t('settings:entries.title')}>
        <Form.Item
          label={t('settings:entries.duplicateWindow')}
          name="duplicateTapWindowSeconds"
          extra={t('settings:entries.duplicateWindowHelp')}
          rules={[
            { required: true, message: t('errors:validation.required') },
            {
              validator: async (_rule, value: number | null) => {
                if (value === null || value === undefined) return;
                if (!shape.duplicateTapWindowSeconds.unwrap().safeParse(value).success) {
                  throw new Error(t('settings:entries.duplicateWindowRange'));
                }
              },
            },
          ]}
        >
          <InputNumber
            precision={0}
            inputMode="numeric"
            style={{ width: 160 }}
            suffix={t('settings:entries.seconds')}
          />
        </Form.Item>
        <Form.Item
          label={t('settings:entries.overdueRefuses')}
          name="overdueRefuses"
          valuePropName="checked"
          extra={t('settings:entries.overdueRefusesHelp')}
        >
          <Switch data-testid="overdue-refuses" />
        </Form.Item>
        {overdueRefuses && (
          <Form.Item
            label={t('settings:entries.overdueTolerance')}
            name="entryOverdueToleranceMinor"
            extra={t('settings:entries.overdueToleranceHelp')}
            rules={toleranceRules}
          >
            <MoneyInput style={{ maxWidth: 220 }} data-testid="overdue-tolerance" />
          </Form.Item>
        )}
      </Card>

      <Card title={t('classes:rules.title')} data-testid="class-rules-card">
        <div className="form-columns">
          <Form.Item label={t('classes:rules.fullClass')} name="classFullRule" extra={t('classes:rules.fullClassHelp')}>
            <Radio.Group>
              <Space direction="vertical">
                {FULL_CLASS_RULES.map((r) => (
                  <Radio key={r} value={r} data-testid={`class-full-${r}`}>
                    {t(`classes:rules.fullClassRules.${r}`)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            label={t('classes:rules.lateCancel')}
            name="lateCancelRule"
            extra={t('classes:rules.lateCancelHelp')}
          >
            <Radio.Group>
              <Space direction="vertical">
                {LATE_CANCEL_RULES.map((r) => (
                  <Radio key={r} value={r} data-testid={`late-cancel-${r}`}>
                    {t(`classes:rules.lateCancelRules.${r}`)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          {lateCancelRule === 'fee' && (
            <Form.Item
              label={t('classes:rules.lateCancelFee')}
              name="lateCancelFeeMinor"
              extra={t('classes:rules.lateCancelFeeHelp')}
              rules={feeRules}
            >
              <MoneyInput style={{ maxWidth: 220 }} data-testid="late-cancel-fee-amount" />
            </Form.Item>
          )}
        </div>
      </Card>

      <Card title={t('settings:selling.title')} data-testid="selling-card">
        <Form.Item
          label={t('settings:selling.activation')}
          name="entitlementActivation"
          extra={t('settings:selling.activationHelp')}
        >
          <Radio.Group>
            <Space direction="vertical">
              {ENTITLEMENT_ACTIVATIONS.map((a) => (
                <Radio key={a} value={a} data-testid={`activation-${a}`}>
                  {t(`settings:selling.activations.${a}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          label={t('settings:selling.discountCap')}
          name="manualDiscountCapBp"
          extra={t('settings:selling.discountCapHelp')}
          rules={[
            requiredRule(t),
            {
              validator: async (_rule, value: string | undefined) => {
                if (!value?.trim()) return;
                if (percentTextToBp(value) === null) throw new Error(t('settings:selling.discountCapRange'));
              },
            },
          ]}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            suffix="%"
            style={{ maxWidth: 160 }}
            data-testid="discount-cap"
          />
        </Form.Item>
        <h3 className="config-subtitle">{t('settings:selling.methods')}</h3>
        <p className="screen-lead">{t('settings:selling.methodsHelp')}</p>
        <Form.List name="paymentMethods">
          {(fields, { add, remove }) => (
            <div data-testid="payment-methods">
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={t('settings:selling.methodName')}
                    rules={[requiredRule(t), schemaRule(paymentMethodConfigSchema.shape.name, t)]}
                  >
                    <Input maxLength={40} data-testid={`method-name-${index}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'code']}
                    label={t('settings:selling.methodCode')}
                    extra={t('settings:selling.methodCodeHelp')}
                    rules={[
                      requiredRule(t),
                      {
                        validator: async (_rule, value: string | undefined) => {
                          if (!value) return;
                          if (!paymentMethodConfigSchema.shape.code.safeParse(value.trim()).success) {
                            throw new Error(t('settings:selling.methodCodeInvalid'));
                          }
                          if (['cash', 'card', 'transfer'].includes(value.trim())) {
                            throw new Error(t('settings:selling.methodBuiltIn'));
                          }
                        },
                      },
                    ]}
                  >
                    <Input maxLength={31} spellCheck={false} data-testid={`method-code-${index}`} />
                  </Form.Item>
                  <Button
                    onClick={() => remove(field.name)}
                    aria-label={t('settings:selling.removeMethod')}
                    className="config-list-remove"
                  >
                    {t('settings:selling.removeMethod')}
                  </Button>
                </Space>
              ))}
              {canUpdate && (
                <Button onClick={() => add({ code: '', name: '' })} data-testid="method-add">
                  {t('settings:selling.addMethod')}
                </Button>
              )}
            </div>
          )}
        </Form.List>
      </Card>

      {canUpdate && (
        <div className="config-actions">
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="config-save">
            {t('common:actions.save')}
          </Button>
        </div>
      )}
    </Form>
  );
}

/** The organisation's configuration; read-only without `update Setting` (a manager reads it). */
export default function SystemConfigPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const config = useSystemConfig();
  const canUpdate = ability.can('update', 'Setting');

  if (config.isPending) {
    return (
      <div className="screen" data-testid="screen-system-config">
        <Card>
          <LoadingState />
        </Card>
      </div>
    );
  }
  if (config.isError) {
    return (
      <div className="screen" data-testid="screen-system-config">
        <Card>
          <ErrorState error={config.error} onRetry={() => void config.refetch()} />
        </Card>
      </div>
    );
  }
  return (
    <div className="screen" data-testid="screen-system-config">
      {!canUpdate && <Alert type="info" showIcon title={t('settings:readOnly')} />}
      <ConfigForm config={config.data} canUpdate={canUpdate} />
      <MaintenanceCard config={config.data} canUpdate={canUpdate} />
      {ability.can('read', 'Audit') && (
        <Card>
          <Link to="/system-config/audit" data-testid="audit-log-link">
            {t('audit:link')}
          </Link>
          <Typography.Paragraph type="secondary">{t('audit:linkHelp')}</Typography.Paragraph>
        </Card>
      )}
    </div>
  );
}
