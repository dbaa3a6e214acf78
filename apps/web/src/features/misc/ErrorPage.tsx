import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { HomeButton, MiscScreen } from './MiscScreen';

export default function ErrorPage() {
  const { t } = useTranslation();
  return (
    <MiscScreen
      testId="screen-error"
      titleKey="error"
      code="500"
      text={t('misc:error.text')}
      actions={
        <>
          <HomeButton />
          <Button onClick={() => window.history.back()}>{t('common:actions.back')}</Button>
        </>
      }
    />
  );
}
