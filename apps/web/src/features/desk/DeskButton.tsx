import { DesktopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAbility } from '../../shared/acl';
import { canNavigate } from '../../shared/routing/guards';
import { PAGE_ROUTES } from '../../shared/routing/routes';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { DESK_PATH } from './DeskShortcuts';

/** The navbar's way to the desk screen (member search and today's entries): one click from every page, or `D`. */
export function DeskButton() {
  const { t } = useTranslation();
  const ability = useAbility();
  const { pathname } = useLocation();
  const route = PAGE_ROUTES.find((r) => r.path === DESK_PATH);
  if (!route || !canNavigate(route.meta, ability)) return null;
  const label = t('door:desk.navbar');
  return (
    <ButtonLink
      type="text"
      to={DESK_PATH}
      icon={<DesktopOutlined />}
      aria-label={label}
      title={label}
      aria-keyshortcuts="D"
      aria-current={pathname === DESK_PATH ? 'page' : undefined}
      data-testid="desk-open-screen"
    />
  );
}
