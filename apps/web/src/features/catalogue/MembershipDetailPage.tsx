import './catalogue.css';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type MembershipPlan, useMembershipPlan, useSaveMembershipPlan } from './api';
import { ItemDetail } from './components/ItemDetail';
import { useFormatLength } from './format';
import { PlanDrawer } from './MembershipListPage';
import { useFormatMoney } from './money';

/** `/apps/cloudfit/membership/{id}`: a plan and everyone it was sold to. */
export default function MembershipDetailPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const money = useFormatMoney();
  const length = useFormatLength();
  return (
    <ItemDetail<MembershipPlan>
      testId="screen-membership-detail"
      query={useMembershipPlan(id)}
      save={useSaveMembershipPlan()}
      kind="plans"
      back={{ to: '/membership-list', label: t('catalogue:plans.back') }}
      before={(p) => (
        <Descriptions.Item label={t('catalogue:fields.duration')}>
          {length(p.durationValue, p.durationUnit)}
        </Descriptions.Item>
      )}
      after={(p) => (
        <>
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
        </>
      )}
      drawer={(plan, onClose) => <PlanDrawer editing={plan && { item: plan }} onClose={onClose} />}
    />
  );
}
