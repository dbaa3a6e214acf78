import type { Entitlement } from '@gym/contract/sales';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../../shared/useDates';
import { useEntitlements } from '../api';
import { CREDIT_KINDS, creditsByKind } from './credits';

const live = (e: Entitlement) => e.status === 'active' || e.status === 'frozen' || e.status === 'pending';

/** The current membership and its expiry, and the credits left on live packages by kind, for the member header. */
export function MembershipSummary({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const entitlements = useEntitlements(memberId);
  const items = entitlements.data ?? [];
  const membership = items
    .filter((e) => e.kind === 'membership' && live(e))
    .sort((a, b) => (b.validUntil ?? '9999').localeCompare(a.validUntil ?? '9999'))[0];
  const credits = creditsByKind(items);
  if (!entitlements.data) return <span className="field-hint">—</span>;
  return (
    <Space direction="vertical" size={0} data-testid="member-membership">
      {membership ? (
        <span>
          {membership.name}{' '}
          <Typography.Text type="secondary">
            {membership.validUntil
              ? t('sales:member.until', { date: dates.date(membership.validUntil) })
              : t(`sales:entitlements.statuses.${membership.status}`)}
          </Typography.Text>
        </span>
      ) : (
        <Typography.Text type="secondary">{t('sales:member.noMembership')}</Typography.Text>
      )}
      {CREDIT_KINDS.filter((kind) => credits[kind] !== undefined).map((kind) => (
        <span key={kind} data-testid={`member-credits-${kind}`}>
          {t(`sales:member.credits.${kind}`, { count: credits[kind] })}
        </span>
      ))}
    </Space>
  );
}
