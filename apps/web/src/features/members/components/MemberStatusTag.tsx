import type { MemberStatus } from '@gym/contract/members';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<MemberStatus, string> = {
  prospect: 'blue',
  active: 'green',
  frozen: 'cyan',
  left: 'default',
};

export function MemberStatusTag({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} data-testid="member-status" data-status={status}>
      {t(`members:status.${status}`)}
    </Tag>
  );
}
