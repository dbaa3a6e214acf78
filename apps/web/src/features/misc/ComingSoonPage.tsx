import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { MiscScreen } from './MiscScreen';
import { useHomePath } from './useHomePath';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  const home = useHomePath();
  return (
    <MiscScreen
      testId="screen-coming-soon"
      titleKey="comingSoon"
      text={t('misc:comingSoon.text')}
      actions={
        <ButtonLink type="primary" to={home}>
          {t('common:actions.goHome')}
        </ButtonLink>
      }
    />
  );
}
