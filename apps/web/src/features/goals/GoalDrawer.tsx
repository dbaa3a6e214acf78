import { COUNT_TARGET_MAX, GOAL_METRICS, type GoalMetric, type GoalRow } from '@gym/contract/goals';
import { MONEY_MAX } from '@gym/contract/money';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../shared/api/errorMessages';
import { EntityDrawer, useDrawerSave } from '../../shared/ui/EntityDrawer';
import { MoneyInput, useMoneyRules } from '../../shared/ui/MoneyInput';
import { useSetGoals } from './api';

type Values = Record<GoalMetric, number | null>;

interface Props {
  row: GoalRow | null;
  centerId: string;
  month: string;
  monthLabel: string;
  onClose: () => void;
}

/** Edits a row's four targets for the month: an empty field removes that target. */
export function GoalDrawer({ row, centerId, month, monthLabel, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSetGoals();
  const moneyRules = useMoneyRules({ max: MONEY_MAX });
  const countRules = [
    {
      validator: async (_: unknown, value: unknown) => {
        if (value === null || value === undefined) return;
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > COUNT_TARGET_MAX)
          throw new Error(t('goals:countInvalid', { max: COUNT_TARGET_MAX }));
      },
    },
  ];
  const after = useDrawerSave({
    saved: t('goals:saved'),
    onClose,
    showOnFields: (error) => applyFieldErrors(form, error, t, GOAL_METRICS),
  });
  const who = row?.staff ? row.staff.name : t('goals:centre');
  const initialValues = row ? (Object.fromEntries(GOAL_METRICS.map((m) => [m, row.figures[m].target])) as Values) : {};
  return (
    <EntityDrawer<Values>
      open={row !== null}
      title={t('goals:editTitle', { who, month: monthLabel })}
      busy={save.isPending}
      onClose={onClose}
      form={form}
      name="goal"
      initialValues={initialValues}
      testId="goal-drawer"
      submitTestId="goal-save"
      onFinish={(values) =>
        save.mutate(
          {
            centerId,
            month,
            staffId: row?.staff?.id ?? null,
            targets: Object.fromEntries(GOAL_METRICS.map((m) => [m, values[m] ?? null])) as Values,
          },
          after,
        )
      }
    >
      <Form.Item name="revenue" label={t('goals:metrics.revenue')} rules={moneyRules} extra={t('goals:emptyRemoves')}>
        <MoneyInput data-testid="goal-field-revenue" />
      </Form.Item>
      {(['newMembers', 'ptSessions', 'renewals'] as const).map((metric) => (
        <Form.Item key={metric} name={metric} label={t(`goals:metrics.${metric}`)} rules={countRules}>
          <InputNumber className="goal-count" data-testid={`goal-field-${metric}`} />
        </Form.Item>
      ))}
    </EntityDrawer>
  );
}
