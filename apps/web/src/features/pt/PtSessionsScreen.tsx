/**
 * `/pt-sessions`: the PT schedule of the tab's centre, one day at a time: every session with its
 * member and package, trainer, room and status, and the row actions (mark done, no-show, cancel).
 * The day, the trainer and the status are in the address; a trainer opens on their own sessions.
 * The menu's way into personal training (a package's page is reached from here or the member file).
 * Shown by the PT screens' chunk (`PtDetailPage`), so that it adds no lazy screen to the entry.
 */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PT_SESSION_STATUSES, type PtSessionStatus } from '@gym/contract/pt';
import { addDays } from '@gym/contract/time';
import { Button, Card, DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { useCenterId } from '../../shared/centerSelection';
import { useCentreToday } from '../../shared/today';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { useUserData } from '../../shared/useSession';
import { usePtSessions, useTrainerOptions } from './api';
import { PtSessionsTable } from './PtSessionsTable';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function PtSessionsScreen() {
  const { t } = useTranslation();
  const ability = useAbility();
  const user = useUserData();
  const centerId = useCenterId();
  const today = useCentreToday()(centerId);
  const [search, setSearch] = useSearchParams();
  const isTrainer = user?.role === 'trainer';
  const day = DAY.test(search.get('date') ?? '') ? search.get('date')! : today;
  // A trainer sees their own schedule unless they choose everyone's (`trainer=all`).
  const trainerParam = search.get('trainer');
  const trainer = trainerParam === 'all' ? null : (trainerParam ?? (isTrainer ? (user?.id ?? null) : null));
  const statusParam = search.get('status');
  const status = (PT_SESSION_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as PtSessionStatus)
    : null;
  const trainers = useTrainerOptions(centerId, ability.can('read', 'Staff'));
  const sessions = usePtSessions(
    {
      from: day,
      to: day,
      pageSize: 500,
      ...(centerId ? { center: centerId } : {}),
      ...(trainer ? { trainer } : {}),
      ...(status ? { status } : {}),
    },
    Boolean(centerId),
  );

  const set = (key: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const trainerOptions = [
    { value: 'all', label: t('classes:pt.allTrainers') },
    ...(trainers.data ?? []).map((s) => ({ value: s.id, label: s.fullName })),
  ];
  if (isTrainer && user && !trainerOptions.some((o) => o.value === user.id))
    trainerOptions.push({ value: user.id, label: user.fullName });

  return (
    <div className="screen pt-sessions" data-testid="screen-pt-sessions">
      <Card>
        <div className="pt-sessions__toolbar">
          <Space.Compact>
            <Button
              icon={<LeftOutlined />}
              onClick={() => set('date', addDays(day, -1))}
              aria-label={t('classes:pt.previousDay')}
              title={t('classes:pt.previousDay')}
              data-testid="pt-sessions-previous"
            />
            <DatePicker
              id="pt-sessions-day"
              aria-label={t('classes:fields.date')}
              value={dayjs(day)}
              allowClear={false}
              onChange={(value) => set('date', value ? value.format('YYYY-MM-DD') : null)}
              data-testid="pt-sessions-day"
              data-page-focus
            />
            <Button
              icon={<RightOutlined />}
              onClick={() => set('date', addDays(day, 1))}
              aria-label={t('classes:pt.nextDay')}
              title={t('classes:pt.nextDay')}
              data-testid="pt-sessions-next"
            />
          </Space.Compact>
          <Button onClick={() => set('date', null)} disabled={day === today} data-testid="pt-sessions-today">
            {t('classes:filters.today')}
          </Button>
          <Select
            className="pt-sessions__filter"
            aria-label={t('classes:pt.trainer')}
            value={trainer ?? 'all'}
            options={trainerOptions}
            loading={trainers.isFetching}
            onChange={(value: string) => set('trainer', value === 'all' ? (isTrainer ? 'all' : null) : value)}
            data-testid="pt-sessions-trainer"
          />
          <Select
            className="pt-sessions__filter"
            aria-label={t('classes:fields.status')}
            value={status ?? 'all'}
            options={[
              { value: 'all', label: t('classes:pt.anyStatus') },
              ...PT_SESSION_STATUSES.map((s) => ({ value: s, label: t(`classes:pt.status.${s}`) })),
            ]}
            onChange={(value: string) => set('status', value === 'all' ? null : value)}
            data-testid="pt-sessions-status"
          />
        </div>
        {!centerId || sessions.isPending ? (
          <LoadingState />
        ) : sessions.isError ? (
          <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : (
          <PtSessionsTable
            sessions={sessions.data.items}
            showMember
            empty={trainer || status ? t('classes:pt.noSessionsMatch') : t('classes:pt.noSessionsDay')}
          />
        )}
      </Card>
    </div>
  );
}
