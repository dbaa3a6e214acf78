import { DEFAULT_ABILITY } from '@gym/contract/acl';
import { Card, Descriptions, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OneLineTable } from '../../shared/ui/OneLineTable';
import { useUserData } from '../../shared/useSession';

interface Row {
  subject: string;
  actions: string[];
}

const ACTION_ORDER = ['manage', 'read', 'create', 'update', 'delete'];

/** Groups `{action, subject}` rules by subject, in a stable order. */
export function groupRules(rules: readonly { action: string; subject: string }[]): Row[] {
  const bySubject = new Map<string, Set<string>>();
  for (const rule of rules) {
    const actions = bySubject.get(rule.subject) ?? new Set<string>();
    actions.add(rule.action);
    bySubject.set(rule.subject, actions);
  }
  return [...bySubject]
    .map(([subject, actions]) => ({
      subject,
      actions: [...actions].sort((a, b) => ACTION_ORDER.indexOf(a) - ACTION_ORDER.indexOf(b)),
    }))
    .sort((a, b) => (a.subject === 'all' ? -1 : b.subject === 'all' ? 1 : 0));
}

/** The client role's home: what this user may do, in words. */
export default function AccessControlPage() {
  const { t } = useTranslation();
  const user = useUserData();
  const rules = user?.ability && user.ability.length > 0 ? user.ability : DEFAULT_ABILITY;
  const rows = groupRules(rules);

  return (
    <div className="screen" data-testid="screen-access-control">
      <Card>
        <p className="screen-lead">{t('acl:lead')}</p>
        {user && (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'name', label: t('account:fields.fullName'), children: user.fullName },
              { key: 'role', label: t('account:fields.role'), children: t(`common:roles.${user.role}`) },
            ]}
          />
        )}
      </Card>
      <Card title={t('acl:permissionsTitle')} className="screen-section">
        <OneLineTable<Row>
          rowKey="subject"
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: <Empty description={t('acl:none')} /> }}
          columns={[
            {
              key: 'subject',
              title: t('acl:columns.area'),
              render: (_, row) => (
                <span data-subject={row.subject}>
                  {t(`acl:subjects.${row.subject}`, { defaultValue: row.subject })}
                </span>
              ),
            },
            {
              key: 'actions',
              title: t('acl:columns.allowed'),
              render: (_, row) =>
                row.actions.map((action) => (
                  <Tag key={action} {...(action === 'manage' ? { color: 'purple' } : {})}>
                    {t(`acl:actions.${action}`, { defaultValue: action })}
                  </Tag>
                )),
            },
          ]}
        />
      </Card>
    </div>
  );
}
