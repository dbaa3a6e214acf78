import { StopOutlined, WifiOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { endUpdateCard, startUpdateCard, useReaderState } from './readerState';

/**
 * "Update card by reader" on the member file: the next card tapped on this browser's reader is
 * attached to this member (spec: `reader_action=update-member-card`, `student_id`). Shown only when
 * a reader is stored; the caller shows it only to those who may update members.
 */
export function UpdateCardByReaderButton({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const state = useReaderState();
  if (!state.reader) return null;
  const waiting = state.action === 'update-member-card' && state.studentId === memberId;
  if (waiting) {
    return (
      <Tooltip title={t('door:updateCard.cancel')}>
        <Button icon={<StopOutlined />} onClick={endUpdateCard} data-testid="update-card-by-reader" data-waiting="true">
          <span role="status">{t('door:updateCard.tapNow')}</span>
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button icon={<WifiOutlined />} onClick={() => startUpdateCard(memberId)} data-testid="update-card-by-reader">
      {t('door:updateCard.start')}
    </Button>
  );
}
