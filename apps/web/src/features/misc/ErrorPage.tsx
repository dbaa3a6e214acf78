import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { MiscScreen } from './MiscScreen';
import { useHomePath } from './useHomePath';

export default function ErrorPage() {
  const { t } = useTranslation();
  const home = useHomePath();
  return (
    <MiscScreen
      testId="screen-error"
      titleKey="error"
      code="500"
      text={t('misc:error.text')}
      actions={
        <>
          <ButtonLink type="primary" to={home}>
            {t('common:actions.goHome')}
          </ButtonLink>
          <Button onClick={() => window.history.back()}>{t('common:actions.back')}</Button>
        </>
      }
    />
  );
}
