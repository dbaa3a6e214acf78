/**
 * The member file's "Memberships & packages": each entitlement with its derived state (status,
 * valid from / until, credits left, frozen), its history from the ledger, and the actions the role
 * allows: freeze and unfreeze (front desk), extend, adjust and transfer (managers).
 */
import type { Entitlement } from '@gym/contract/sales';

type EntitlementStatus = Entitlement['status'];

import { Button, Dropdown, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../../shared/acl';
import { SectionTable } from '../../../shared/ui/OneLineTable';
import { ErrorState, LoadingState, QueryState } from '../../../shared/ui/ScreenStates';
import type { Tone } from '../../../shared/ui/StatusTag';
import { tonedStateTag } from '../../../shared/ui/StatusTag';
import { useDates, useDateTime } from '../../../shared/useDates';
import { useEntitlements, useLedger } from '../api';
import { type EntitlementActionKind, EntitlementActionModal } from './EntitlementActionModal';

const TONE: Record<EntitlementStatus, Tone> = {
  pending: 'info',
  active: 'success',
  frozen: 'accent',
  expired: 'neutral',
  used_up: 'neutral',
  transferred: 'neutral',
  refunded: 'warning',
};

export const EntitlementStatusTag = tonedStateTag(TONE, {
  label: (status) => `sales:entitlements.statuses.${status}`,
  testId: 'entitlement-status',
});

function Ledger({ memberId, entitlementId }: { memberId: string; entitlementId: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const dates = useDates();
  const ledger = useLedger(memberId, entitlementId);
  if (ledger.isPending) return <LoadingState />;
  if (ledger.isError) return <ErrorState error={ledger.error} onRetry={() => void ledger.refetch()} />;
  return (
    <SectionTable
      rowKey="seq"
      dataSource={ledger.data}
      data-testid="entitlement-ledger"
      columns={[
        {
          key: 'on',
          title: t('sales:fields.date'),
          dataIndex: 'effectiveOn',
          render: (day: string) => dates.date(day),
        },
        {
          key: 'kind',
          title: t('sales:entitlements.event'),
          render: (_: unknown, r) => t(`sales:entitlements.kinds.${r.kind}`, { defaultValue: r.kind }),
        },
        {
          key: 'change',
          title: t('sales:entitlements.change'),
          render: (_: unknown, r) =>
            [
              r.creditsDelta ? t('sales:entitlements.creditsDelta', { count: r.creditsDelta }) : '',
              r.daysDelta ? t('sales:entitlements.daysDelta', { count: r.daysDelta }) : '',
              r.validFrom || r.validUntil ? `${r.validFrom ?? '…'} – ${r.validUntil ?? '…'}` : '',
            ]
              .filter(Boolean)
              .join(' · '),
        },
        { key: 'reason', title: t('sales:fields.reason'), render: (_: unknown, r) => r.reason ?? '' },
        { key: 'staff', title: t('sales:fields.staff'), render: (_: unknown, r) => r.staff?.name ?? '' },
        { key: 'at', title: t('sales:entitlements.recorded'), render: (_: unknown, r) => dateTime(r.createdAt) },
      ]}
    />
  );
}

export function EntitlementsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const ability = useAbility();
  const entitlements = useEntitlements(memberId);
  const [acting, setActing] = useState<{ entitlement: Entitlement; action: EntitlementActionKind } | null>(null);
  const frontDesk = ability.can('create', 'Sale');
  const manager = ability.can('manage', 'Sale');
  const canReadPt = ability.can('read', 'PersonalTraining');

  const actionsOf = (e: Entitlement): EntitlementActionKind[] => {
    const out: EntitlementActionKind[] = [];
    const live = e.status === 'active' || e.status === 'pending' || e.status === 'frozen';
    if (frontDesk && e.kind === 'membership' && live && !e.frozen) out.push('freeze');
    if (frontDesk && e.frozen) out.push('unfreeze');
    if (manager && live) out.push('extend', 'adjust', 'transfer');
    return out;
  };

  return (
    <div className="member-tab" data-testid="member-entitlements">
      <QueryState query={entitlements} isEmpty={(data) => data.length === 0} emptyText={t('sales:entitlements.none')}>
        {(data) => (
          <SectionTable<Entitlement>
            dataSource={data}
            data-testid="entitlement-table"
            onRow={(e) => ({ 'data-testid': 'entitlement-row', 'data-kind': e.kind }) as object}
            expandable={{
              expandedRowRender: (e) => <Ledger memberId={memberId} entitlementId={e.id} />,
              expandRowByClick: false,
            }}
            columns={[
              {
                key: 'name',
                title: t('sales:entitlements.name'),
                render: (_: unknown, e) => (
                  <div>
                    <div data-testid="entitlement-name">{e.name}</div>
                    <Typography.Text type="secondary">{t(`sales:itemTypes.${e.kind}`)}</Typography.Text>
                    {/* A PT package's sessions (book, complete, cancel) live on its own page. */}
                    {e.kind === 'package' && (e.usage === 'pt' || e.usage === 'any') && canReadPt && (
                      <div>
                        <Link to={`/pt-detail/${e.id}`} data-testid="entitlement-pt-link">
                          {t('classes:pt.openDetail')}
                        </Link>
                      </div>
                    )}
                  </div>
                ),
              },
              {
                key: 'status',
                title: t('sales:fields.state'),
                render: (_: unknown, e) => <EntitlementStatusTag status={e.status} />,
              },
              {
                key: 'valid',
                title: t('sales:entitlements.valid'),
                render: (_: unknown, e) => (
                  <span data-testid="entitlement-valid">
                    {e.validFrom || e.validUntil
                      ? `${e.validFrom ? dates.date(e.validFrom) : '…'} – ${e.validUntil ? dates.date(e.validUntil) : '…'}`
                      : t('sales:entitlements.notStarted')}
                    {e.frozen && e.frozenUntil ? (
                      <span className="field-hint">
                        {' · '}
                        {t('sales:entitlements.frozenUntil', { date: dates.date(e.frozenUntil) })}
                      </span>
                    ) : null}
                  </span>
                ),
              },
              {
                key: 'credits',
                title: t('sales:entitlements.creditsLeft'),
                align: 'right',
                render: (_: unknown, e) =>
                  e.creditsLeft === null ? '–' : `${e.creditsLeft} / ${e.creditsGranted ?? '–'}`,
              },
              {
                key: 'invoice',
                title: t('sales:fields.number'),
                render: (_: unknown, e) =>
                  e.invoiceId ? (
                    <Link to={`/invoice?open=${e.invoiceId}`} className="mono">
                      {e.invoiceNumber}
                    </Link>
                  ) : (
                    ''
                  ),
              },
              {
                key: 'actions',
                title: t('sales:entitlements.actionsTitle'),
                render: (_: unknown, e) => {
                  const actions = actionsOf(e);
                  if (actions.length === 0) return null;
                  return (
                    <Dropdown
                      trigger={['click']}
                      menu={{
                        items: actions.map((a) => ({ key: a, label: t(`sales:entitlements.actions.${a}`) })),
                        onClick: ({ key }) => setActing({ entitlement: e, action: key as EntitlementActionKind }),
                      }}
                    >
                      <Button size="small" aria-label={t('sales:entitlements.actionsOf', { name: e.name })}>
                        {t('sales:entitlements.actionsTitle')}
                      </Button>
                    </Dropdown>
                  );
                },
              },
            ]}
          />
        )}
      </QueryState>
      {acting && (
        <EntitlementActionModal
          memberId={memberId}
          entitlement={acting.entitlement}
          action={acting.action}
          onClose={() => setActing(null)}
        />
      )}
    </div>
  );
}
