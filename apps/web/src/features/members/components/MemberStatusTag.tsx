import type { MemberStatus } from '@gym/contract/members';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Solid colours dark enough for white text (WCAG AA); antd's light presets are not. */
const COLOURS: Record<MemberStatus, string> = {
  prospect: '#1565c0',
  active: '#2e7d32',
  frozen: '#00695c',
  left: '#5d596c',
};

export function MemberStatusTag({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} data-testid="member-status" data-status={status}>
      {t(`members:status.${status}`)}
    </Tag>
  );
}
