import './goals.css';
import { GOAL_METRICS, type GoalRow } from '@gym/contract/goals';
import { Button, Card, DatePicker, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { useCenterId } from '../../shared/centerSelection';
import { formatMonth } from '../../shared/dates';
import { useCentreToday } from '../../shared/today';
import { CenterFilterSelect, isId } from '../../shared/ui/ListFilters';
import { QueryState } from '../../shared/ui/ScreenStates';
import { useSearchParam } from '../../shared/useListParams';
import { useGoalBoard } from './api';
import { GoalDrawer } from './GoalDrawer';
import { GoalFigureCell } from './GoalFigure';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * `/goal`: a month's targets at a centre (the centre's own, then each staff member's) beside what
 * the source rows count so far and where the month ends at this rate. Month and centre are in the
 * address (`?month=2026-03&center=<id>`), so a link shows the same board.
 */
export default function GoalPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const tabCenter = useCenterId();
  const todayAt = useCentreToday();
  const [centerParam, setCenter] = useSearchParam('center');
  const [monthParam, setMonth] = useSearchParam('month');
  const centerId = centerParam && isId(centerParam) ? centerParam : tabCenter;
  const month = monthParam && MONTH.test(monthParam) ? monthParam : todayAt(centerId).slice(0, 7);
  const board = useGoalBoard(centerId, month);
  const canEdit = ability.can('update', 'Goal');
  const [editing, setEditing] = useState<GoalRow | null>(null);
  const monthLabel = `${formatMonth(i18n.language, month)} ${month.slice(0, 4)}`;

  const columns: TableColumnsType<GoalRow> = [
    {
      key: 'who',
      title: t('goals:who'),
      fixed: 'left',
      render: (_: unknown, row) =>
        row.staff ? (
          <span>
            {row.staff.name} <span className="field-hint">· {t(`common:roles.${row.staff.role}`, row.staff.role)}</span>
          </span>
        ) : (
          <strong>{t('goals:centre')}</strong>
        ),
    },
    ...GOAL_METRICS.map((metric) => ({
      key: metric,
      title: t(`goals:metrics.${metric}`),
      render: (_: unknown, row: GoalRow) => (
        <GoalFigureCell
          figure={row.figures[metric]}
          money={metric === 'revenue'}
          testId={`goal-${row.staff?.id ?? 'centre'}-${metric}`}
        />
      ),
    })),
    ...(canEdit
      ? [
          {
            key: 'edit',
            title: t('goals:actions'),
            render: (_: unknown, row: GoalRow) => (
              <Button
                onClick={() => setEditing(row)}
                data-testid={`goal-edit-${row.staff?.id ?? 'centre'}`}
                aria-label={t('goals:editAria', { who: row.staff?.name ?? t('goals:centre') })}
              >
                {t('goals:edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="screen" data-testid="screen-goal">
      <div className="goal-toolbar">
        <DatePicker
          picker="month"
          allowClear={false}
          aria-label={t('goals:month')}
          value={dayjs(`${month}-01`)}
          onChange={(value) => setMonth(value ? value.format('YYYY-MM-DD').slice(0, 7) : null)}
          data-testid="goal-month"
          data-page-focus
        />
        <CenterFilterSelect
          label={t('goals:center')}
          value={centerId}
          onChange={(value) => setCenter(value)}
          testId="goal-center"
        />
      </div>
      <Card>
        <QueryState query={board} isEmpty={(b) => b.rows.length === 0} emptyText={t('goals:empty')}>
          {(data) => (
            <>
              <p className="goal-days field-hint" data-testid="goal-days">
                {t('goals:businessDays', { elapsed: data.businessDays.elapsed, total: data.businessDays.total })}
              </p>
              <Table<GoalRow>
                size="small"
                rowKey={(row) => row.staff?.id ?? 'centre'}
                columns={columns}
                dataSource={data.rows}
                pagination={false}
                scroll={{ x: 'max-content' }}
                data-testid="goal-table"
              />
            </>
          )}
        </QueryState>
      </Card>
      {centerId && (
        <GoalDrawer
          row={editing}
          centerId={centerId}
          month={month}
          monthLabel={monthLabel}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
