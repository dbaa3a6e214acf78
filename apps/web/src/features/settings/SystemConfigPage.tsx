import './settings.css';
import { FULL_CLASS_RULES, LATE_CANCEL_RULES, type LateCancelRule } from '@gym/contract/classes';
import { updateSystemConfigRequestSchema } from '@gym/contract/config';
import { LANGUAGES } from '@gym/contract/constants';
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { LANGUAGE_ENDONYMS } from '../../shared/i18n/languages';
import { MoneyInput, useMoneyRules } from '../../shared/ui/MoneyInput';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { StackedForm } from '../../shared/ui/StackedForm';
import { PaymentSettingsCard } from '../payments/PaymentSettingsCard';
import { ReminderSettingsCard } from '../payments/ReminderSettingsCard';
import { AgreementTemplatesCard } from '../signatures/AgreementTemplatesCard';
import { SealingCertificateCard } from '../signatures/SealingCertificateCard';
import { type SystemConfig, useSystemConfig, useUpdateSystemConfig } from './api';
import { ChoiceRadios } from './components/ChoiceRadios';
import { ConfigItem } from './components/ConfigItem';
import { CurrencyCard } from './components/CurrencyCard';
import { MaintenanceCard } from './components/MaintenanceCard';
import { MemberCodeCard } from './components/MemberCodeCard';
import { RegistrationCard } from './components/RegistrationCard';
import { SellingCard } from './components/SellingCard';
import { type ConfigValues, configRequest, configValues, FIELDS } from './configForm';

const { shape } = updateSystemConfigRequestSchema;

function ConfigForm({ config, canUpdate }: { config: SystemConfig; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ConfigValues>();
  const update = useUpdateSystemConfig();
  const overdueRefuses = Form.useWatch<boolean | undefined>('overdueRefuses', form);
  const toleranceRules = useMoneyRules({ required: true });
  const lateCancelRule = Form.useWatch<LateCancelRule | undefined>('lateCancelRule', form);
  const feeRules = useMoneyRules({ required: true, min: 1 });

  return (
    <StackedForm<ConfigValues>
      form={form}
      name="config"
      disabled={!canUpdate || update.isPending}
      scrollToFirstError={{ block: 'center', focus: true }}
      initialValues={configValues(config)}
      onFinish={(values) =>
        update.mutate(configRequest(values), {
          onSuccess: () => void message.success(t('settings:saved')),
          onError: (error) => {
            if (!showErrorOnFields(form, error, t, FIELDS)) void message.error(apiErrorMessage(t, error));
          },
        })
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
          <ConfigItem words="settings:organisation.initial">
            <Input value={config.initial} readOnly disabled aria-label={t('settings:organisation.initial')} />
          </ConfigItem>
        </div>
        <ConfigItem
          words="settings:organisation.defaultLanguage"
          name="defaultLanguage"
          rules={[{ required: true, message: t('errors:validation.required') }]}
        >
          <Select
            style={{ maxWidth: 280 }}
            options={LANGUAGES.map((language) => ({
              value: language,
              label: <span lang={language}>{LANGUAGE_ENDONYMS[language]}</span>,
            }))}
          />
        </ConfigItem>
      </Card>

      <CurrencyCard />

      <MemberCodeCard initial={config.initial} canUpdate={canUpdate} />

      <RegistrationCard initial={config.initial} />

      <Card title={t('settings:entries.title')}>
        <ConfigItem
          words="settings:entries.duplicateWindow"
          name="duplicateTapWindowSeconds"
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
        </ConfigItem>
        <ConfigItem words="settings:entries.overdueRefuses" name="overdueRefuses" valuePropName="checked">
          <Switch data-testid="overdue-refuses" />
        </ConfigItem>
        {overdueRefuses && (
          <ConfigItem
            words="settings:entries.overdueTolerance"
            name="entryOverdueToleranceMinor"
            rules={toleranceRules}
          >
            <MoneyInput style={{ maxWidth: 220 }} data-testid="overdue-tolerance" />
          </ConfigItem>
        )}
        <ConfigItem words="signatures:settings.waiverRequired" name="entryRequiresWaiver" valuePropName="checked">
          <Switch data-testid="waiver-required" />
        </ConfigItem>
        <ConfigItem
          words="signatures:settings.termsRequired"
          name="saleRequiresMembershipTerms"
          valuePropName="checked"
        >
          <Switch data-testid="terms-required" />
        </ConfigItem>
      </Card>

      <Card title={t('classes:rules.title')} data-testid="class-rules-card">
        <div className="form-columns">
          <ConfigItem words="classes:rules.fullClass" name="classFullRule">
            <ChoiceRadios choices={FULL_CLASS_RULES} words="classes:rules.fullClassRules" testId="class-full" />
          </ConfigItem>
          <ConfigItem words="classes:rules.lateCancel" name="lateCancelRule">
            <ChoiceRadios choices={LATE_CANCEL_RULES} words="classes:rules.lateCancelRules" testId="late-cancel" />
          </ConfigItem>
          {lateCancelRule === 'fee' && (
            <ConfigItem words="classes:rules.lateCancelFee" name="lateCancelFeeMinor" rules={feeRules}>
              <MoneyInput style={{ maxWidth: 220 }} data-testid="late-cancel-fee-amount" />
            </ConfigItem>
          )}
        </div>
      </Card>

      <SellingCard canUpdate={canUpdate} />

      {canUpdate && (
        <div className="config-actions">
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="config-save">
            {t('common:actions.save')}
          </Button>
        </div>
      )}
    </StackedForm>
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
      <PaymentSettingsCard canUpdate={canUpdate} />
      <ReminderSettingsCard canUpdate={canUpdate} />
      {ability.can('read', 'Signature') && (
        <>
          <AgreementTemplatesCard canManage={ability.can('manage', 'Signature')} />
          <SealingCertificateCard canUpload={canUpdate} />
        </>
      )}
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
