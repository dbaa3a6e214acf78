import { CloudSyncOutlined, DisconnectOutlined, WifiOutlined } from '@ant-design/icons';
import type { ReaderAction } from '@gym/contract/entries';
import { Button, Dropdown, Tag } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isRealtimeConnected, subscribeRealtimeStatus } from '../../shared/realtime';
import { useWaitingTaps } from './queue';
import { setReaderAction, useReaderState } from './readerState';

/** How long the socket may be down before the indicator says "offline" (a page load, a centre switch). */
const OFFLINE_AFTER_MS = 3_000;

function useSocketDown(): { connected: boolean; down: boolean } {
  const connected = useSyncExternalStore(subscribeRealtimeStatus, isRealtimeConnected, isRealtimeConnected);
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (connected) {
      setDown(false);
      return;
    }
    const timer = window.setTimeout(() => setDown(true), OFFLINE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [connected]);
  return { connected, down };
}

/** "Offline, N taps waiting" while the server is away or taps wait to be sent. */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const waiting = useWaitingTaps();
  const { connected, down } = useSocketDown();
  // The marker says whether the live connection is up (for the screen's tests and support staff).
  const marker = <span hidden data-testid="door-realtime" data-connected={connected} />;
  if (!down && waiting === 0) return marker;
  return (
    <>
      {marker}
      <Tag
        color={down ? 'error' : 'warning'}
        icon={down ? <DisconnectOutlined /> : <CloudSyncOutlined />}
        className="reader-indicator__offline"
        data-testid="door-offline"
        data-waiting={waiting}
        role="status"
        aria-live="polite"
      >
        {down ? t('door:offline.waiting', { count: waiting }) : t('door:offline.sending', { count: waiting })}
      </Tag>
    </>
  );
}

const MODE_KEYS: Record<ReaderAction, string> = {
  normal: 'door:reader.modes.normal',
  'update-member-card': 'door:reader.modes.updateCard',
  'staff-check-in': 'door:reader.modes.staffCheckIn',
};

/**
 * The reader attached to this browser and its mode, in the navbar: switch between recording
 * entries and staff check-in, or cancel a pending card update. Shown only when a reader is stored.
 */
export function ReaderIndicator() {
  const { t } = useTranslation();
  const state = useReaderState();
  if (!state.reader) return null;
  const mode = t(MODE_KEYS[state.action]);
  const items = [
    { key: 'normal', label: t('door:reader.toNormal') },
    { key: 'staff-check-in', label: t('door:reader.toStaffCheckIn') },
    ...(state.action === 'update-member-card' ? [{ key: 'cancel', label: t('door:reader.cancelUpdate') }] : []),
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [state.action],
        items,
        onClick: ({ key }) => setReaderAction(key === 'staff-check-in' ? 'staff-check-in' : 'normal'),
      }}
    >
      <Button
        type="text"
        icon={<WifiOutlined />}
        className="reader-indicator"
        data-testid="reader-indicator"
        data-reader={state.reader}
        data-mode={state.action}
        aria-label={t('door:reader.label', { reader: state.reader, mode })}
        title={t('door:reader.label', { reader: state.reader, mode })}
      >
        <span className="reader-indicator__text">
          <span className="mono">{state.reader}</span>
          {state.action !== 'normal' && (
            <Tag color={state.action === 'staff-check-in' ? 'blue' : 'gold'} className="reader-indicator__mode">
              {mode}
            </Tag>
          )}
        </span>
      </Button>
    </Dropdown>
  );
}
