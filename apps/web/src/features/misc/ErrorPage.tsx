import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { HomeButton, MiscScreen } from './MiscScreen';

export default function ErrorPage() {
  const { t } = useTranslation();
  return (
    <MiscScreen
      testId="screen-error"
      name="error"
      code="500"
      actions={
        <>
          <HomeButton />
          <Button onClick={() => window.history.back()}>{t('common:actions.back')}</Button>
        </>
      }
    />
  );
}
