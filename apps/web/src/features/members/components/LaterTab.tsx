import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export const LATER_TABS = ['documents'] as const;
export type LaterTabKey = (typeof LATER_TABS)[number];

/** A part of the member's file that a later release fills in: said plainly rather than left blank. */
export function LaterTab({ tab }: { tab: LaterTabKey }) {
  const { t } = useTranslation();
  return (
    <div className="member-tab" data-testid={`member-later-${tab}`}>
      <Result
        icon={<ClockCircleOutlined aria-hidden />}
        title={t('members:later.title')}
        subTitle={t(`members:later.${tab}`)}
      />
    </div>
  );
}
