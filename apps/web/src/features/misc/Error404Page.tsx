import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { MiscScreen } from './MiscScreen';
import { useHomePath } from './useHomePath';

export default function Error404Page() {
  const { t } = useTranslation();
  const home = useHomePath();
  return (
    <MiscScreen
      testId="screen-error-404"
      titleKey="error404"
      code="404"
      text={t('misc:error404.text')}
      actions={
        <ButtonLink type="primary" to={home} data-testid="link-home">
          {t('common:actions.goHome')}
        </ButtonLink>
      }
    />
  );
}
