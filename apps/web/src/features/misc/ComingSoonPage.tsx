import { useTranslation } from 'react-i18next';
import { HomeButton, MiscScreen } from './MiscScreen';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <MiscScreen
      testId="screen-coming-soon"
      titleKey="comingSoon"
      text={t('misc:comingSoon.text')}
      actions={<HomeButton />}
    />
  );
}
