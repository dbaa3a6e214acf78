/**
 * `/pt-detail/{entitlementId}`: a member's PT package: who, which package, until when, and its
 * credits (total, done, booked, remaining, still free to book), then every session booked on it with
 * its status. Sessions are booked from here (date, time, trainer, room) and completed or cancelled
 * from their row; actions show only to roles that may take them (a trainer on their own sessions).
 */
import '../../shared/ui/listTable.css';
import './pt.css';
import type { Entitlement } from '@gym/contract/sales';
import { Alert, Button, Card, Descriptions, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { isApiError } from '../../shared/api/client';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { memberPath } from '../members/paths';
import { EntitlementStatusTag } from '../sales/member/EntitlementsTab';
import { usePtPackage } from './api';
import { BookPtSessionDrawer } from './BookPtSessionDrawer';
import { PtSessionsScreen } from './PtSessionsScreen';
import { PtSessionsTable } from './PtSessionsTable';

/**
 * The PT screens, one lazily loaded chunk: `/pt-detail/{id}` a package, `/pt-sessions` (no id) the
 * day's sessions. One chunk rather than two: a screen of its own adds its list of chunks to preload
 * to the entry, which the sign-in page loads (its budget).
 */
export default function PtScreens() {
  const { id } = useParams();
  return id === undefined ? <PtSessionsScreen /> : <PtDetailPage />;
}

function PtDetailPage() {
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
        <PtSessionsTable sessions={p.sessions} />
      </Card>
      <BookPtSessionDrawer open={booking} detail={p} onClose={() => setBooking(false)} />
    </div>
  );
}
