import { Alert, Card, Form, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import { useAllCenters } from '../../../shared/centers';
import { LoadingState } from '../../../shared/ui/ScreenStates';

/** Each active centre's self-registration link, to copy or open. */
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

/** Whether people may register themselves, and the links they do it with. */
export function RegistrationCard({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const registrationOpen = Form.useWatch<boolean | undefined>('registrationOpen');
  return (
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
      <RegistrationLinks initial={initial} />
    </Card>
  );
}
