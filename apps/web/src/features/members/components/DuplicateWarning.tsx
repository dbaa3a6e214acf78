import type { DuplicateMember } from '@gym/contract/members';
import { Alert, Button, List, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { memberPath } from '../paths';

interface Props {
  duplicates: DuplicateMember[];
  /** Resend with `confirmDifferentPerson: true`. */
  onConfirm: () => void;
  confirming: boolean;
}

/**
 * A member with the same phone or e-mail exists. Usually the person is already a member (open
 * them instead); sometimes a family shares one phone, and staff say so to save anyway.
 */
export function DuplicateWarning({ duplicates, onConfirm, confirming }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      className="duplicate-warning"
      role="alert"
      data-testid="duplicate-warning"
      title={t('members:duplicates.title')}
      description={
        <Space orientation="vertical" className="full-width">
          <span>{t('members:duplicates.lead')}</span>
          <List
            size="small"
            dataSource={duplicates}
            renderItem={(d) => (
              <List.Item data-testid="duplicate-item">
                <Space wrap size="small">
                  <Link to={memberPath(d.id)} target="_blank" rel="noopener">
                    {d.code} · {d.name}
                  </Link>
                  {d.phone && <span>{d.phone}</span>}
                  {d.email && <span>{d.email}</span>}
                  {d.matchedOn.map((m) => (
                    <Tag key={m} color="orange">
                      {t(`members:duplicates.matched.${m}`)}
                    </Tag>
                  ))}
                </Space>
              </List.Item>
            )}
          />
          <Button onClick={onConfirm} loading={confirming} data-testid="confirm-different-person">
            {t('members:duplicates.confirm')}
          </Button>
        </Space>
      }
    />
  );
}
