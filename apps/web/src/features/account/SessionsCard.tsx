import type { Session, SessionList } from '@gym/contract/sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { logout } from '../../shared/logout';
import { QueryState } from '../../shared/ui/ScreenStates';
import { StatusTag } from '../../shared/ui/StatusTag';
import { useDateTime } from '../../shared/useDates';

const sessionsKey = ['me', 'sessions'] as const;

/**
 * Where the signed-in user is signed in: each browser or device, its address and last activity,
 * this one marked; any of them can be signed out (this one signs this browser out).
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const formatDateTime = useDateTime();
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.get<SessionList>('/pro/me/sessions'),
  });
  const end = useMutation({
    mutationFn: (session: Session) => api.delete<void>(`/pro/me/sessions/${session.id}`),
    onSuccess: async (_done, session) => {
      if (session.current) {
        await logout();
        return;
      }
      void message.success(t('staff:sessions.ended'));
      await client.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (error) => void message.error(apiErrorMessage(t, error)),
  });
  const deviceOf = (s: Session) => s.device ?? t('staff:sessions.unknownDevice');
  const confirmEnd = (s: Session) =>
    modal.confirm({
      title: t('staff:sessions.endTitle', { device: deviceOf(s) }),
      content: t(s.current ? 'staff:sessions.endThisText' : 'staff:sessions.endText'),
      okText: t('staff:sessions.end'),
      okButtonProps: { danger: true },
      cancelText: t('staff:sessions.cancel'),
      onOk: () => end.mutateAsync(s).catch(() => {}),
    });

  const items = sessions.data?.items ?? [];
  return (
    <Card title={t('staff:sessions.title')} className="account-sessions" data-testid="account-sessions">
      <p className="screen-lead">{t('staff:sessions.lead')}</p>
      <QueryState query={sessions}>
        {() => (
          <Table<Session>
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={items}
            locale={{ emptyText: t('staff:sessions.empty') }}
            columns={[
              {
                key: 'device',
                title: t('staff:sessions.device'),
                render: (_, s) => (
                  <>
                    {deviceOf(s)}{' '}
                    {s.current && (
                      <StatusTag tone="success" testId="session-current">
                        {t('staff:sessions.thisDevice')}
                      </StatusTag>
                    )}
                  </>
                ),
              },
              { key: 'address', title: t('staff:sessions.address'), render: (_, s) => s.address ?? '—' },
              {
                key: 'lastUsed',
                title: t('staff:sessions.lastUsed'),
                render: (_, s) => formatDateTime(s.lastUsedAt),
              },
              {
                key: 'actions',
                title: <span className="sr-only">{t('staff:sessions.actions')}</span>,
                align: 'right',
                render: (_, s) => (
                  <Button
                    size="small"
                    onClick={() => confirmEnd(s)}
                    loading={end.isPending && end.variables?.id === s.id}
                    data-testid="session-end"
                  >
                    {t('staff:sessions.end')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </Card>
  );
}
