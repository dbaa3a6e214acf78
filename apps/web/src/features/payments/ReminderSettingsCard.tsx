import { MAX_REMINDER_OFFSETS, type ReminderSettings } from '@gym/contract/payments';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage, fieldErrorMessage } from '../../shared/api/errorMessages';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { usePaymentSettings, useUpdateReminderSettings } from './api';

interface Values {
  enabled: boolean;
  offsets: string[];
  windowStart: string;
  windowEnd: string;
  blocks: boolean;
  blockBookingsAfterDays: number | null;
}

/** The form's values as the server takes them: offsets as whole days, the block only when it is on. */
export function reminderSettingsRequest(values: Values): ReminderSettings {
  return {
    enabled: values.enabled,
    offsets: values.offsets.map((o) => Number.parseInt(o, 10)).filter((o) => Number.isInteger(o)),
    windowStart: values.windowStart.trim(),
    windowEnd: values.windowEnd.trim(),
    blockBookingsAfterDays: values.blocks ? (values.blockBookingsAfterDays ?? 1) : null,
  };
}

const FIELDS = ['enabled', 'offsets', 'windowStart', 'windowEnd', 'blockBookingsAfterDays'] as const;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Payment reminders on `/system-config`, under the provider: on or off, the days before (−) and
 * after (+) a due date an e-mail with a pay link goes out, the centre's daytime window for them, and
 * "block class bookings after N days overdue".
 */
export function ReminderSettingsCard({ canUpdate }: { canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = usePaymentSettings();
  const update = useUpdateReminderSettings();
  const [form] = Form.useForm<Values>();
  const blocks = Form.useWatch('blocks', form);
  const title = t('payments:reminders.title');

  if (settings.isPending) {
    return (
      <Card title={title}>
        <LoadingState />
      </Card>
    );
  }
  if (settings.isError) {
    return (
      <Card title={title}>
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </Card>
    );
  }
  const r = settings.data.reminders;
  return (
    <Card title={title} data-testid="reminder-settings-card">
      <p className="screen-lead">{t('payments:reminders.lead')}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        name="reminder_settings"
        disabled={!canUpdate || update.isPending}
        initialValues={{
          enabled: r.enabled,
          offsets: r.offsets.map(String),
          windowStart: r.windowStart,
          windowEnd: r.windowEnd,
          blocks: r.blockBookingsAfterDays !== null,
          blockBookingsAfterDays: r.blockBookingsAfterDays ?? 30,
        }}
        onFinish={(values) =>
          update.mutate(reminderSettingsRequest(values), {
            onSuccess: () => void message.success(t('payments:reminders.saved')),
            onError: (error) => {
              const fields = isApiError(error) ? (error.fields ?? []) : [];
              const known = fields
                .map((f) => ({ ...f, name: f.path.split('.')[0] as (typeof FIELDS)[number] }))
                .filter((f) => (FIELDS as readonly string[]).includes(f.name));
              if (known.length > 0) {
                form.setFields(
                  known.map((f) => ({
                    name: f.name,
                    errors: [t(`payments:reminders.errors.${f.name}`, { defaultValue: fieldErrorMessage(t, f.code) })],
                  })),
                );
                return;
              }
              void message.error(apiErrorMessage(t, error));
            },
          })
        }
      >
        <Form.Item name="enabled" label={t('payments:reminders.enabled')} valuePropName="checked">
          <Switch data-testid="reminders-enabled" />
        </Form.Item>
        <Form.Item
          name="offsets"
          label={t('payments:reminders.offsets')}
          extra={t('payments:reminders.offsetsHelp', { max: MAX_REMINDER_OFFSETS })}
          rules={[
            {
              validator: async (_rule, value: string[] | undefined) => {
                const days = (value ?? []).map((v) => Number(v));
                const ok =
                  days.length <= MAX_REMINDER_OFFSETS &&
                  days.every((d) => Number.isInteger(d) && d >= -30 && d <= 90) &&
                  new Set(days).size === days.length;
                if (!ok) throw new Error(t('payments:reminders.errors.offsets'));
              },
            },
          ]}
        >
          <Select mode="tags" style={{ maxWidth: 420 }} tokenSeparators={[',', ' ']} data-testid="reminder-offsets" />
        </Form.Item>
        <Space wrap>
          <Form.Item
            name="windowStart"
            label={t('payments:reminders.windowStart')}
            rules={[{ pattern: TIME, message: t('payments:reminders.errors.time') }]}
          >
            <Input style={{ width: 120 }} placeholder="09:00" data-testid="reminder-window-start" />
          </Form.Item>
          <Form.Item
            name="windowEnd"
            label={t('payments:reminders.windowEnd')}
            rules={[{ pattern: TIME, message: t('payments:reminders.errors.time') }]}
          >
            <Input style={{ width: 120 }} placeholder="20:00" data-testid="reminder-window-end" />
          </Form.Item>
        </Space>
        <Form.Item name="blocks" label={t('payments:reminders.blocks')} valuePropName="checked">
          <Switch data-testid="reminder-blocks" />
        </Form.Item>
        {blocks && (
          <Form.Item
            name="blockBookingsAfterDays"
            label={t('payments:reminders.blockAfter')}
            extra={t('payments:reminders.blockHelp')}
          >
            <InputNumber min={1} max={365} precision={0} data-testid="reminder-block-days" />
          </Form.Item>
        )}
        {canUpdate && (
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="reminder-settings-save">
            {t('payments:reminders.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
