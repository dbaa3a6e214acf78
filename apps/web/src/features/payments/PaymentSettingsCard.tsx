import { PAYMENT_PROVIDERS, type PaymentSettingsRequest } from '@gym/contract/payments';
import { Alert, App, Button, Card, Checkbox, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage, fieldErrorMessage } from '../../shared/api/errorMessages';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { useDates } from '../../shared/useDates';
import { type PaymentSettings, usePaymentSettings, useUpdatePaymentSettings } from './api';

interface Values {
  provider: PaymentSettings['provider'];
  secretKey?: string;
  webhookSecret?: string;
  retireOldWebhookSecrets?: boolean;
}

/** What the form sends: the provider, and only the secrets typed in (a blank box keeps the stored one). */
export function paymentSettingsRequest(values: Values): PaymentSettingsRequest {
  const secretKey = values.secretKey?.trim();
  const webhookSecret = values.webhookSecret?.trim();
  return {
    provider: values.provider,
    ...(secretKey ? { secretKey } : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
    ...(values.retireOldWebhookSecrets ? { retireOldWebhookSecrets: true } : {}),
  };
}

/**
 * The online payment provider on `/system-config`: which provider, its keys and webhook secrets.
 * The server never returns a secret: they are shown masked (their last characters) with their date,
 * and replaced by typing a new one.
 */
export function PaymentSettingsCard({ canUpdate }: { canUpdate: boolean }) {
  const { t } = useTranslation();
  const dates = useDates();
  const { message } = App.useApp();
  const settings = usePaymentSettings();
  const update = useUpdatePaymentSettings();
  const [form] = Form.useForm<Values>();

  if (settings.isPending) {
    return (
      <Card title={t('payments:settings.title')}>
        <LoadingState />
      </Card>
    );
  }
  if (settings.isError) {
    return (
      <Card title={t('payments:settings.title')}>
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </Card>
    );
  }
  const data = settings.data;
  return (
    <Card title={t('payments:settings.title')} data-testid="payment-settings-card">
      <p className="screen-lead">{t('payments:settings.lead')}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        name="payment_settings"
        disabled={!canUpdate || update.isPending}
        initialValues={{ provider: data.provider }}
        onFinish={(values) =>
          update.mutate(paymentSettingsRequest(values), {
            onSuccess: () => {
              form.setFieldsValue({ secretKey: '', webhookSecret: '', retireOldWebhookSecrets: false });
              void message.success(t('payments:settings.saved'));
            },
            onError: (error) => {
              const fields = isApiError(error) ? (error.fields ?? []) : [];
              const known = fields.filter((f) => ['secretKey', 'webhookSecret', 'provider'].includes(f.path));
              if (known.length > 0) {
                form.setFields(
                  known.map((f) => ({ name: f.path as keyof Values, errors: [fieldErrorMessage(t, f.code)] })),
                );
                return;
              }
              void message.error(apiErrorMessage(t, error));
            },
          })
        }
      >
        <Form.Item name="provider" label={t('payments:settings.provider')}>
          <Select
            style={{ maxWidth: 320 }}
            options={PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`payments:provider.${p}`) }))}
            data-testid="payment-provider"
          />
        </Form.Item>
        {data.provider === 'simulated' && (
          <Alert type="info" showIcon title={t('payments:settings.simulatedHelp')} className="config-alert" />
        )}
        <Form.Item
          name="secretKey"
          label={t('payments:settings.secretKey')}
          extra={
            <span data-testid="payment-secret-key-masked">
              {data.secretKey
                ? t('payments:settings.stored', {
                    masked: data.secretKey.masked,
                    date: dates.dateTime(data.secretKey.createdAt),
                  })
                : t('payments:settings.notSet')}
            </span>
          }
          rules={[{ min: 8, message: t('payments:settings.tooShort') }]}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={t('payments:settings.replace')}
            style={{ maxWidth: 420 }}
          />
        </Form.Item>
        <div className="ant-form-item">
          <Typography.Text strong>{t('payments:settings.webhookSecrets')}</Typography.Text>
          {data.webhookSecrets.length === 0 ? (
            <p className="screen-lead">{t('payments:settings.notSet')}</p>
          ) : (
            <ul className="payment-secrets" data-testid="payment-webhook-secrets">
              {data.webhookSecrets.map((s, n) => (
                <li key={`${s.masked}-${s.createdAt}`}>
                  <span className="mono">{s.masked}</span> · {dates.dateTime(s.createdAt)}
                  {n === 0 && data.webhookSecrets.length > 1 ? ` · ${t('payments:settings.newest')}` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
        <Form.Item
          name="webhookSecret"
          label={t('payments:settings.newWebhookSecret')}
          extra={t('payments:settings.rotateHelp')}
          rules={[{ min: 8, message: t('payments:settings.tooShort') }]}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={t('payments:settings.replace')}
            style={{ maxWidth: 420 }}
          />
        </Form.Item>
        {data.webhookSecrets.length > 1 && (
          <Form.Item name="retireOldWebhookSecrets" valuePropName="checked">
            <Checkbox>{t('payments:settings.retire')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item label={t('payments:settings.webhookUrl')} extra={t('payments:settings.webhookUrlHelp')}>
          <Typography.Text copyable className="mono" data-testid="payment-webhook-url">
            {data.webhookUrl}
          </Typography.Text>
        </Form.Item>
        {canUpdate && (
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="payment-settings-save">
            {t('payments:settings.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
