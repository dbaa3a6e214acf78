import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../shared/logout';
import { useLoggedIn } from '../../shared/useSession';
import { HomeButton, MiscScreen } from './MiscScreen';

export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  return (
    <MiscScreen
      testId="screen-not-authorized"
      name="notAuthorized"
      code="403"
      actions={
        <>
          <HomeButton label={t('misc:notAuthorized.home')} testId="link-home" />
          {loggedIn && (
            <Button onClick={() => void logout().then(() => navigate('/login', { replace: true }))}>
              {t('misc:notAuthorized.switchUser')}
            </Button>
          )}
        </>
      }
    />
  );
}
