import { useTranslation } from 'react-i18next';
import { HomeButton, MiscScreen } from './MiscScreen';

export default function Error404Page() {
  const { t } = useTranslation();
  return (
    <MiscScreen
      testId="screen-error-404"
      titleKey="error404"
      code="404"
      text={t('misc:error404.text')}
      actions={<HomeButton testId="link-home" />}
    />
  );
}
