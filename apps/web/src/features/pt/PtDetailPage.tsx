/**
 * `/pt-detail/{entitlementId}`: a member's PT package: who, which package, until when, and its
 * credits (total, done, booked, remaining, still free to book), then every session booked on it with
 * its status. Sessions are booked from here (date, time, trainer, room) and completed or cancelled
 * from their row; actions show only to roles that may take them (a trainer on their own sessions).
 */
import '../../shared/ui/listTable.css';
import './pt.css';
import type { PtSessionStatus } from '@gym/contract/pt';
import type { Entitlement } from '@gym/contract/sales';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { isApiError } from '../../shared/api/client';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { useDateTime } from '../../shared/useDateTime';
import { useUserData } from '../../shared/useSession';
import { useClassDay } from '../classes/components/ClassParts';
import { memberPath } from '../members/paths';
import { EntitlementStatusTag } from '../sales/member/EntitlementsTab';
import { type PtSession, useCancelPtSession, useCompletePtSession, useNoShowPtSession, usePtPackage } from './api';
import { BookPtSessionDrawer } from './BookPtSessionDrawer';
import { ptErrorMessage, sessionActions } from './ptRules';

const STATUS_COLOURS: Record<PtSessionStatus, string> = {
  booked: '#1565c0',
  completed: '#2e7d32',
  cancelled: '#5d596c',
  late_cancelled: '#8a4b00',
  no_show: '#b3261e',
};

export function PtStatusTag({ status }: { status: PtSessionStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="pt-session-status" data-status={status}>
      {t(`classes:pt.status.${status}`)}
    </Tag>
  );
}

export default function PtDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = usePtPackage(id);
  const ability = useAbility();
  const [booking, setBooking] = useState(false);

  if (detail.isPending) {
    return (
      <div className="screen" data-testid="screen-pt-detail">
        <LoadingState />
      </div>
    );
  }
  if (detail.isError) {
    // An address that names no package of this organisation (or no id at all) is "not found".
    const missing = isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <div className="screen" data-testid="screen-pt-detail">
        {missing ? (
          <Alert type="warning" showIcon title={t('classes:pt.notFound')} data-testid="pt-not-found" />
        ) : (
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </div>
    );
  }
  const p = detail.data;
  const canBook = ability.can('create', 'PersonalTraining') && p.status === 'active' && p.credits.bookable > 0;

  return (
    <div className="screen pt-detail" data-testid="screen-pt-detail">
      <Card>
        <div className="pt-detail__head">
          <div>
            <Typography.Title level={2} className="pt-detail__member" data-testid="pt-member">
              {ability.can('read', 'Member') ? (
                <Link to={memberPath(p.member.id)}>{p.member.name}</Link>
              ) : (
                p.member.name
              )}
              {p.member.code && <span className="pt-detail__code"> · {p.member.code}</span>}
            </Typography.Title>
            <div className="pt-detail__package">
              <span data-testid="pt-package-name">{p.name}</span>{' '}
              <EntitlementStatusTag status={p.status as Entitlement['status']} />
            </div>
          </div>
          {ability.can('create', 'PersonalTraining') && (
            <Button
              type="primary"
              disabled={!canBook}
              onClick={() => setBooking(true)}
              data-testid="pt-book"
              title={canBook ? undefined : t('classes:pt.cannotBook')}
            >
              {t('classes:pt.book')}
            </Button>
          )}
        </div>
        <Descriptions
          size="small"
          layout="vertical"
          colon={false}
          column={{ xs: 3, sm: 3, md: 3, lg: 6 }}
          className="pt-detail__credits"
          items={[
            {
              key: 'expiry',
              label: t('classes:pt.expiry'),
              children: <span data-testid="pt-expiry">{p.validUntil ?? t('classes:pt.noExpiry')}</span>,
            },
            {
              key: 'total',
              label: t('classes:pt.credits.total'),
              children: <span data-testid="pt-total">{p.credits.total}</span>,
            },
            {
              key: 'used',
              label: t('classes:pt.credits.used'),
              children: <span data-testid="pt-used">{p.credits.used}</span>,
            },
            {
              key: 'booked',
              label: t('classes:pt.credits.booked'),
              children: <span data-testid="pt-booked">{p.credits.booked}</span>,
            },
            {
              key: 'remaining',
              label: t('classes:pt.credits.remaining'),
              children: (
                <strong className="pt-detail__remaining" data-testid="pt-remaining">
                  {p.credits.remaining}
                </strong>
              ),
            },
            {
              key: 'bookable',
              label: t('classes:pt.credits.bookable'),
              children: <span data-testid="pt-bookable">{p.credits.bookable}</span>,
            },
          ]}
        />
        {p.status !== 'active' && (
          <Alert type="info" showIcon title={t('classes:pt.notActive')} className="pt-detail__notice" />
        )}
      </Card>
      <Card title={t('classes:pt.sessions')} className="pt-detail__sessions">
        <Sessions sessions={p.sessions} />
      </Card>
      <BookPtSessionDrawer open={booking} detail={p} onClose={() => setBooking(false)} />
    </div>
  );
}

function Sessions({ sessions }: { sessions: PtSession[] }) {
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

  if (sessions.length === 0) return <EmptyState description={t('classes:pt.noSessions')} />;
  return (
    <Table<PtSession>
      size="small"
      rowKey="id"
      pagination={false}
      // Wide enough for the row's buttons; text wraps inside its column rather than pushing the page wider.
      scroll={{ x: 640 }}
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
