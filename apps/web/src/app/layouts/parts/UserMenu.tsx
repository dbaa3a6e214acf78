import { IdcardOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../../shared/logout';
import { InitialsAvatar } from '../../../shared/ui/InitialsAvatar';
import { useUserData } from '../../../shared/useSession';
import { queryClient } from '../../queryClient';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[parts.length - 1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase();
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserData();
  const name = user?.fullName ?? '';

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <IdcardOutlined />, label: t('titles:profile') },
          { key: 'account', icon: <SettingOutlined />, label: t('titles:accountSetting') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('common:user.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/pages/profile');
          else if (key === 'account') navigate('/pages/account-setting');
          else if (key === 'logout') {
            void logout().then(() => {
              queryClient.clear();
              navigate('/login', { replace: true });
            });
          }
        },
      }}
    >
      <Button type="text" className="user-menu" data-testid="user-menu" aria-label={t('common:user.menu', { name })}>
        <span className="user-menu__text">
          <span className="user-menu__name">{name}</span>
          {user?.role && <span className="user-menu__role">{t(`common:roles.${user.role}`)}</span>}
        </span>
        <InitialsAvatar text={initials(name || '?')} size={32} className="user-menu__avatar" />
      </Button>
    </Dropdown>
  );
}
