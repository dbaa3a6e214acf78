import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCenters } from '../../shared/centers';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { LoadingState } from '../../shared/ui/ScreenStates';
import { useUserData } from '../../shared/useSession';

function Centres({ ids }: { ids: string[] | null }) {
  const { t } = useTranslation();
  const centers = useCenters();
  if (ids === null) return <span>{t('account:allCentres')}</span>;
  if (ids.length === 0) return <span>{t('account:noCentres')}</span>;
  const names = new Map(centers.data?.map((c) => [c.id, `${c.name} (${c.code})`]));
  return (
    <span>
      {ids.map((id) => (
        <Tag key={id}>{names.get(id) ?? id}</Tag>
      ))}
    </span>
  );
}

/** Read-only profile of the signed-in staff member. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useUserData();
  if (!user) return <LoadingState />;
  return (
    <div className="screen" data-testid="screen-profile">
      <Card
        extra={
          <ButtonLink to="/pages/account-setting" type="primary">
            {t('account:edit')}
          </ButtonLink>
        }
      >
        <Descriptions
          column={1}
          bordered
          size="middle"
          items={[
            { key: 'name', label: t('account:fields.fullName'), children: user.fullName },
            { key: 'email', label: t('account:fields.email'), children: user.email },
            { key: 'role', label: t('account:fields.role'), children: t(`common:roles.${user.role}`) },
            {
              key: 'organisation',
              label: t('account:fields.organisation'),
              children: `${user.organisation?.name ?? ''} (${user.organisation?.initial ?? ''})`,
            },
            { key: 'centres', label: t('account:fields.centres'), children: <Centres ids={user.centerIds ?? null} /> },
          ]}
        />
      </Card>
    </div>
  );
}
