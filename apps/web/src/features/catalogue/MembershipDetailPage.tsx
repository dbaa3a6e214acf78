import './catalogue.css';
import { Card, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { type MembershipPlan, useMembershipPlan, useSaveMembershipPlan } from './api';
import { coverageText, useConfirmActive } from './components/columns';
import { DetailHeader } from './components/DetailHeader';
import { HoldersCard } from './components/HoldersCard';
import { useFormatLength } from './format';
import { PlanDrawer } from './MembershipListPage';
import { useFormatMoney } from './money';
import { basisPointsToPercent } from './taxRate';

/** `/apps/cloudfit/membership/{id}`: a plan and everyone it was sold to. */
export default function MembershipDetailPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const ability = useAbility();
  const plan = useMembershipPlan(id);
  const save = useSaveMembershipPlan();
  const money = useFormatMoney();
  const length = useFormatLength();
  const confirmActive = useConfirmActive<MembershipPlan>(t, save);
  const [editing, setEditing] = useState<{ plan: MembershipPlan } | null>(null);

  if (plan.isPending || plan.isError) {
    return (
      <div className="screen catalogue-detail" data-testid="screen-membership-detail">
        {plan.isPending ? <LoadingState /> : <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />}
      </div>
    );
  }
  const p = plan.data;
  return (
    <div className="screen catalogue-detail" data-testid="screen-membership-detail">
      <DetailHeader
        name={p.name}
        active={p.active}
        backTo="/membership-list"
        backLabel={t('catalogue:plans.back')}
        canUpdate={ability.can('update', 'Catalogue')}
        onEdit={() => setEditing({ plan: p })}
        onToggle={() => confirmActive(p)}
      />
      <Card className="catalogue-facts">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('catalogue:fields.duration')}>
            {length(p.durationValue, p.durationUnit)}
          </Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.price')}>{money(p.price)}</Descriptions.Item>
          <Descriptions.Item
            label={t('catalogue:fields.taxRate')}
          >{`${basisPointsToPercent(p.taxRateBp)} %`}</Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.centers')}>{coverageText(t, p)}</Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.startRule')}>
            {t(`catalogue:startRules.${p.startRule}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('catalogue:fields.freezeRules')}>
            {p.maxFreezes === 0
              ? t('catalogue:plans.noFreeze')
              : t('catalogue:plans.freezeSummary', {
                  count: p.maxFreezes,
                  days: p.maxFreezeDays,
                  fee: money(p.freezeFee),
                })}
          </Descriptions.Item>
          {p.description && (
            <Descriptions.Item label={t('catalogue:fields.description')}>{p.description}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <HoldersCard kind="plans" id={p.id} />
      <PlanDrawer editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
