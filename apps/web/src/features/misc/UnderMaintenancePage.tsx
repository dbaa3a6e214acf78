import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { MiscScreen } from './MiscScreen';

export default function UnderMaintenancePage() {
  const { t } = useTranslation();
  return (
    <MiscScreen
      testId="screen-under-maintenance"
      name="underMaintenance"
      actions={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('common:actions.tryAgain')}
        </Button>
      }
    />
  );
}
