import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Member } from '@gym/contract/members';
import { Card, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { memberName } from '../members/format';
import { memberPath } from '../members/paths';
import { AccountSummary } from './member/AccountSummary';

/** Whom the desk is selling to: name, code, balance, and the way back to their file. */
export function SaleMemberHeader({ member }: { member: Member }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" className="sale-member" data-testid="sale-member">
      <div className="sale-member__body">
        <div>
          <h2 className="sale-member__name" data-testid="sale-member-name">
            {memberName(member)}
            {member.chineseName && (
              <span className="sale-member__zh" lang="zh-Hant">
                {' '}
                {member.chineseName}
              </span>
            )}
          </h2>
          <Space wrap size="small">
            <Tag className="mono" data-testid="sale-member-code">
              {member.code}
            </Tag>
            <AccountSummary memberId={member.id} />
          </Space>
        </div>
        <ButtonLink to={memberPath(member.id)} icon={<ArrowLeftOutlined />}>
          {t('sales:backToMember')}
        </ButtonLink>
      </div>
    </Card>
  );
}
