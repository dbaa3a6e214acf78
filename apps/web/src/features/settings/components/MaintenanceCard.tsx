import { Alert, App, Card, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import { type SystemConfig, useUpdateSystemConfig } from '../api';

/** Maintenance mode: turned on or off at once (after a confirmation), apart from the form. */
export function MaintenanceCard({ config, canUpdate }: { config: SystemConfig; canUpdate: boolean }) {
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
