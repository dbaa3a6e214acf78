import type { Session, SessionList } from '@gym/contract/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { logout } from '../../shared/logout';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { useDateTime } from '../../shared/useDateTime';

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
      void message.success(t('account:sessions.ended'));
      await client.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (error) => void message.error(apiErrorMessage(t, error)),
  });
  const deviceOf = (s: Session) => s.device ?? t('account:sessions.unknownDevice');
  const confirmEnd = (s: Session) =>
    modal.confirm({
      title: t('account:sessions.endTitle', { device: deviceOf(s) }),
      content: t(s.current ? 'account:sessions.endThisText' : 'account:sessions.endText'),
      okText: t('account:sessions.end'),
      okButtonProps: { danger: true },
      cancelText: t('account:sessions.cancel'),
      onOk: () => end.mutateAsync(s).catch(() => {}),
    });

  const items = sessions.data?.items ?? [];
  return (
    <Card title={t('account:sessions.title')} data-testid="account-sessions">
      <p className="screen-lead">{t('account:sessions.lead')}</p>
      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <Table<Session>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={items}
          locale={{ emptyText: t('account:sessions.empty') }}
          columns={[
            {
              key: 'device',
              title: t('account:sessions.device'),
              render: (_, s) => (
                <>
                  {deviceOf(s)}{' '}
                  {s.current && (
                    <Tag color="green" data-testid="session-current">
                      {t('account:sessions.thisDevice')}
                    </Tag>
                  )}
                </>
              ),
            },
            { key: 'address', title: t('account:sessions.address'), render: (_, s) => s.address ?? '—' },
            {
              key: 'lastUsed',
              title: t('account:sessions.lastUsed'),
              render: (_, s) => formatDateTime(s.lastUsedAt),
            },
            {
              key: 'actions',
              title: <span className="sr-only">{t('account:sessions.actions')}</span>,
              align: 'right',
              render: (_, s) => (
                <Button
                  size="small"
                  danger
                  onClick={() => confirmEnd(s)}
                  loading={end.isPending && end.variables?.id === s.id}
                  data-testid="session-end"
                >
                  {t('account:sessions.end')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
