import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../shared/logout';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useLoggedIn } from '../../shared/useSession';
import { MiscScreen } from './MiscScreen';
import { useHomePath } from './useHomePath';

export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  const home = useHomePath();
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  return (
    <MiscScreen
      testId="screen-not-authorized"
      titleKey="notAuthorized"
      code="403"
      text={t('misc:notAuthorized.text')}
      actions={
        <>
          <ButtonLink type="primary" to={home} data-testid="link-home">
            {t('misc:notAuthorized.home')}
          </ButtonLink>
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
