import type { GoalFigure as Figure } from '@gym/contract/goals';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../shared/ui/MoneyText';

/** A figure as its kind is written: money, or a count. */
export function Amount({ value, money }: { value: number | null; money: boolean }) {
  if (value === null) return <span>–</span>;
  return money ? <MoneyText value={value} /> : <span>{value}</span>;
}

/** A metric's cell: actual of target with a bar, and where the month ends at this rate. */
export function GoalFigureCell({ figure, money, testId }: { figure: Figure; money: boolean; testId: string }) {
  const { t } = useTranslation();
  const percent =
    figure.target && figure.target > 0 ? Math.min(100, Math.floor((figure.actual * 100) / figure.target)) : null;
  const onPace = figure.target !== null && figure.pace !== null && figure.pace >= figure.target;
  return (
    <div className="goal-figure" data-testid={testId} data-actual={figure.actual} data-target={figure.target ?? ''}>
      <div className="goal-figure__line">
        <Amount value={figure.actual} money={money} />
        <span>
          {t('goals:of')} <Amount value={figure.target} money={money} />
        </span>
      </div>
      {percent !== null && (
        <Progress
          percent={percent}
          size="small"
          status={onPace ? 'success' : 'normal'}
          aria-label={t('goals:progressAria', { percent })}
        />
      )}
      {figure.pace !== null && (
        <div className="goal-figure__pace" data-testid={`${testId}-pace`}>
          {t('goals:pace')} <Amount value={figure.pace} money={money} />
        </div>
      )}
    </div>
  );
}
