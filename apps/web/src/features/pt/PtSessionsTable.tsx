/**
 * PT sessions as a table: when, trainer, room, status, and the row actions this user may take
 * (done from 15 minutes before the start, a no-show once started, cancel while booked). The package
 * page lists its own sessions; the PT sessions screen every session of a day, with the member.
 */
import '../../shared/ui/listTable.css';
import './pt.css';
import type { PtSessionStatus } from '@gym/contract/pt';
import { App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../shared/acl';
import { SectionTable } from '../../shared/ui/OneLineTable';
import { EmptyState } from '../../shared/ui/ScreenStates';
import { colouredStateTag } from '../../shared/ui/StatusTag';
import { useDateTime } from '../../shared/useDates';
import { useUserData } from '../../shared/useSession';
import { useClassDay } from '../classes/components/ClassParts';
import { memberPath } from '../members/paths';
import { type PtSession, useCancelPtSession, useCompletePtSession, useNoShowPtSession } from './api';
import { ptErrorMessage, sessionActions } from './ptRules';

const STATUS_COLOURS: Record<PtSessionStatus, string> = {
  booked: '#1565c0',
  completed: '#2e7d32',
  cancelled: '#5d596c',
  late_cancelled: '#8a4b00',
  no_show: '#b3261e',
};

export const PtStatusTag = colouredStateTag(STATUS_COLOURS, {
  label: (status) => `classes:pt.status.${status}`,
  testId: 'pt-session-status',
});

export function PtSessionsTable({
  sessions,
  showMember = false,
  empty,
}: {
  sessions: PtSession[];
  /** Each row names its member and package (the PT sessions screen). */
  showMember?: boolean;
  /** What an empty list says. */
  empty?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ability = useAbility();
  const user = useUserData();
  const day = useClassDay();
  const dateTime = useDateTime();
  const complete = useCompletePtSession();
  const cancel = useCancelPtSession();
  const noShow = useNoShowPtSession();
  const actor = {
    mayUpdate: ability.can('update', 'PersonalTraining'),
    trainerId: user?.role === 'trainer' ? user.id : null,
  };
  const busy = complete.isPending || cancel.isPending || noShow.isPending;

  if (sessions.length === 0) return <EmptyState description={empty ?? t('classes:pt.noSessions')} />;
  return (
    <SectionTable<PtSession>
      // Wide enough for the row's buttons; text wraps inside its column rather than pushing the page wider.
      dataSource={sessions}
      data-testid="pt-sessions"
      onRow={(s) => ({ 'data-testid': 'pt-session-row', 'data-status': s.status }) as object}
      columns={[
        {
          key: 'when',
          title: t('classes:fields.date'),
          render: (_: unknown, s) => (
            <div className="class-time">
              <span className="class-time__day">{day(s.date)}</span>
              <span className="class-time__start">{s.startTime}</span>
              <span className="class-time__end">{s.endTime}</span>
            </div>
          ),
        },
        ...(showMember
          ? [
              {
                key: 'member',
                title: t('classes:pt.member'),
                render: (_: unknown, s: PtSession) => (
                  <span>
                    {ability.can('read', 'Member') ? (
                      <Link to={memberPath(s.member.id)} data-testid="pt-session-member">
                        {s.member.name}
                      </Link>
                    ) : (
                      s.member.name
                    )}
                    <div className="field-hint">
                      <Link to={`/pt-detail/${s.entitlement.id}`} data-testid="pt-session-package">
                        {s.entitlement.name}
                      </Link>
                    </div>
                  </span>
                ),
              },
            ]
          : []),
        { key: 'trainer', title: t('classes:pt.trainer'), render: (_: unknown, s) => s.trainer.name },
        {
          key: 'where',
          title: t('classes:fields.room'),
          render: (_: unknown, s) => (
            <span>
              {s.room?.name ?? t('classes:pt.noRoom')}
              <div className="field-hint">{s.center.name}</div>
            </span>
          ),
        },
        {
          key: 'status',
          title: t('classes:fields.status'),
          render: (_: unknown, s) => (
            <span>
              <PtStatusTag status={s.status} />
              {s.completedAt && (
                <div className="field-hint">
                  {t('classes:pt.completedBy', { name: s.completedBy?.name ?? '', at: dateTime(s.completedAt) })}
                </div>
              )}
              {s.cancelReason && <div className="field-hint">{s.cancelReason}</div>}
            </span>
          ),
        },
        {
          key: 'actions',
          title: t('classes:fields.actions'),
          render: (_: unknown, s) => {
            const actions = sessionActions(s, actor);
            if (actions.length === 0) return null;
            return (
              <Space wrap>
                {actions.includes('complete') && (
                  <Popconfirm
                    title={t('classes:pt.completeConfirm')}
                    okText={t('classes:pt.complete')}
                    cancelText={t('classes:keep')}
                    onConfirm={() =>
                      complete.mutate(
                        { id: s.id },
                        {
                          onSuccess: () => void message.success(t('classes:pt.completed')),
                          onError: (error) => void message.error(ptErrorMessage(t, error)),
                        },
                      )
                    }
                  >
                    <Button
                      type="primary"
                      size="small"
                      disabled={busy}
                      data-testid="pt-complete"
                      aria-label={t('classes:pt.completeAria', { time: `${day(s.date)} ${s.startTime}` })}
                    >
                      {t('classes:pt.complete')}
                    </Button>
                  </Popconfirm>
                )}
                {actions.includes('noShow') && (
                  <Popconfirm
                    title={t('classes:pt.noShowConfirm')}
                    okText={t('classes:pt.noShow')}
                    cancelText={t('classes:keep')}
                    onConfirm={() =>
                      noShow.mutate(
                        { id: s.id },
                        {
                          onSuccess: () => void message.success(t('classes:pt.noShowDone')),
                          onError: (error) => void message.error(ptErrorMessage(t, error)),
                        },
                      )
                    }
                  >
                    <Button
                      size="small"
                      disabled={busy}
                      data-testid="pt-no-show"
                      aria-label={t('classes:pt.noShowAria', { time: `${day(s.date)} ${s.startTime}` })}
                    >
                      {t('classes:pt.noShow')}
                    </Button>
                  </Popconfirm>
                )}
                {actions.includes('cancel') && (
                  <Popconfirm
                    title={t('classes:pt.cancelConfirm')}
                    description={t('classes:pt.cancelHelp')}
                    okText={t('classes:pt.cancelSession')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('classes:keep')}
                    onConfirm={() =>
                      cancel.mutate(
                        { id: s.id },
                        {
                          onSuccess: (answer) =>
                            void message.success(
                              t(
                                answer.status === 'late_cancelled'
                                  ? 'classes:pt.cancelledLate'
                                  : 'classes:pt.cancelled',
                              ),
                            ),
                          onError: (error) => void message.error(ptErrorMessage(t, error)),
                        },
                      )
                    }
                  >
                    <Button
                      size="small"
                      danger
                      disabled={busy}
                      data-testid="pt-cancel"
                      aria-label={t('classes:pt.cancelAria', { time: `${day(s.date)} ${s.startTime}` })}
                    >
                      {t('classes:pt.cancelSession')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
