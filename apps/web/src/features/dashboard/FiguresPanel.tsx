import './dashboard.css';
import { EXPIRING_DAYS } from '@gym/contract/dashboard';
import { Button, Card, Drawer, Empty, List, Progress } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { MoneyText } from '../../shared/ui/MoneyText';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { useDates } from '../../shared/useDates';
import { memberPath } from '../members/paths';
import { type Dashboard, useDashboard, useFigureEvents } from './api';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/**
 * The business figures of the dashboard, below the door's panel: money today and this month
 * against the goal, what is owed, entries per hour, memberships ending soon and today's classes.
 * Each is a link to its rows (a filtered list or report) or opens them in a drawer. Kept current
 * by the centre's realtime messages (a sale, a payment, a refund, a tap).
 */
export default function FiguresPanel({ centerId }: { centerId: string }) {
  const { t } = useTranslation();
  const figures = useDashboard(centerId);
  useFigureEvents(centerId);
  if (figures.isPending) return <LoadingState />;
  if (figures.isError) return <ErrorState error={figures.error} onRetry={() => void figures.refetch()} />;
  return (
    <section className="figures" aria-label={t('goals:dashboard.figures')} data-testid="dashboard-figures">
      <Figures data={figures.data} centerId={centerId} />
    </section>
  );
}

function Figures({ data, centerId }: { data: Dashboard; centerId: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [expiringOpen, setExpiringOpen] = useState(false);
  const day = { center: centerId, from: data.today, to: data.today };
  const month = data.today.slice(0, 7);
  const m = data.money;
  const maxHour = Math.max(1, ...data.entries.perHour);
  return (
    <>
      {m && (
        <>
          <Card size="small" className="figure-card" title={t('goals:dashboard.revenueToday')}>
            <ButtonLink
              to={`/report-transacion${q(day)}`}
              type="link"
              className="figure-button"
              data-testid="dashboard-revenue-today"
              aria-label={t('goals:dashboard.openPayments')}
            >
              <MoneyText
                className="figure-card__value"
                value={m.todayMinor}
                data-testid="dashboard-revenue-today-value"
              />
            </ButtonLink>
          </Card>
          <Card size="small" className="figure-card" title={t('goals:dashboard.revenueMonth')}>
            <ButtonLink
              to={`/goal${q({ center: centerId, month })}`}
              type="link"
              className="figure-button"
              data-testid="dashboard-revenue-month"
              aria-label={t('goals:dashboard.openGoals')}
            >
              <MoneyText className="figure-card__value" value={m.monthMinor} />
            </ButtonLink>
            {m.monthTargetMinor !== null ? (
              <>
                <Progress
                  size="small"
                  percent={
                    m.monthTargetMinor > 0 ? Math.min(100, Math.floor((m.monthMinor * 100) / m.monthTargetMinor)) : 100
                  }
                  aria-label={t('goals:dashboard.ofGoal')}
                />
                <span className="field-hint">
                  {t('goals:of')} <MoneyText value={m.monthTargetMinor} /> · {t('goals:pace')}{' '}
                  <MoneyText value={m.monthPaceMinor} />
                </span>
              </>
            ) : (
              <span className="field-hint">{t('goals:dashboard.noGoal')}</span>
            )}
          </Card>
          <Card size="small" className="figure-card" title={t('goals:dashboard.unpaid')}>
            <ButtonLink
              to={`/report-nonpay${q({ center: centerId })}`}
              type="link"
              className="figure-button"
              data-testid="dashboard-unpaid"
              aria-label={t('goals:dashboard.openUnpaid')}
            >
              <MoneyText className="figure-card__value" value={m.unpaidMinor} />
            </ButtonLink>
            <span className="field-hint">{t('goals:dashboard.invoices', { count: m.unpaidInvoices })}</span>
          </Card>
        </>
      )}
      <Card size="small" className="figure-card" title={t('goals:dashboard.expiring', { days: EXPIRING_DAYS })}>
        <Button
          type="link"
          className="figure-button"
          onClick={() => setExpiringOpen(true)}
          data-testid="dashboard-expiring"
          aria-label={t('goals:dashboard.openExpiring')}
        >
          <span className="figure-card__value">{data.expiring.count}</span>
        </Button>
      </Card>
      <Card
        size="small"
        className="figure-card figures__wide"
        title={t('goals:dashboard.perHour')}
        extra={
          <ButtonLink to={`/entry-records${q(day)}`} type="link" data-testid="dashboard-entries-link">
            {t('goals:dashboard.entriesToday', { count: data.entries.granted })}
          </ButtonLink>
        }
      >
        <div
          className="hour-bars"
          role="img"
          aria-label={data.entries.perHour
            .map((n, hour) => (n > 0 ? t('goals:dashboard.hourAria', { hour, count: n }) : null))
            .filter(Boolean)
            .join(', ')}
          data-testid="dashboard-hours"
        >
          {data.entries.perHour.map((n, hour) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the 24 hours of the day are the keys
              key={hour}
              className="hour-bars__bar"
              style={{ height: `${Math.floor((n * 100) / maxHour)}%` }}
              title={t('goals:dashboard.hourAria', { hour, count: n })}
            />
          ))}
        </div>
        <div className="hour-bars__labels" aria-hidden="true">
          {data.entries.perHour.map((_, hour) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the 24 hours of the day are the keys
            <span key={hour}>{hour % 6 === 0 ? hour : ''}</span>
          ))}
        </div>
      </Card>
      <Card
        size="small"
        className="figure-card figures__wide"
        title={t('goals:dashboard.classes')}
        extra={
          <ButtonLink to={`/class-list${q(day)}`} type="link" data-testid="dashboard-classes-link">
            {t('goals:dashboard.allClasses')}
          </ButtonLink>
        }
      >
        {data.classes.length === 0 ? (
          <Empty description={t('goals:dashboard.noClasses')} />
        ) : (
          <ul className="class-rows" data-testid="dashboard-classes">
            {data.classes.map((c) => (
              <li key={c.id}>
                <span>{c.startTime}</span>
                <span>{c.name}</span>
                <Progress
                  size="small"
                  percent={Math.min(100, Math.floor((c.booked * 100) / c.capacity))}
                  format={() => `${c.booked}/${c.capacity}`}
                  aria-label={t('goals:dashboard.occupancy', { booked: c.booked, capacity: c.capacity })}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Drawer
        open={expiringOpen}
        onClose={() => setExpiringOpen(false)}
        title={t('goals:dashboard.expiring', { days: EXPIRING_DAYS })}
        data-testid="dashboard-expiring-drawer"
      >
        {data.expiring.members.length === 0 ? (
          <Empty description={t('goals:dashboard.noneExpiring')} />
        ) : (
          <List
            dataSource={data.expiring.members}
            renderItem={(member) => (
              <List.Item extra={<span>{dates.date(member.endsOn)}</span>} data-testid="dashboard-expiring-row">
                <List.Item.Meta
                  title={
                    <ButtonLink to={memberPath(member.id)} type="link" className="figure-button">
                      {member.name}
                    </ButtonLink>
                  }
                  description={`${member.code} · ${member.plan}`}
                />
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </>
  );
}
