import './staff.css';
import { CopyOutlined, MailOutlined, QrcodeOutlined, StopOutlined } from '@ant-design/icons';
import { PAY_LINK_STATES, type PayLinkState } from '@gym/contract/payments';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { useConfirm } from '../../shared/ui/confirm';
import { ClearableFilter, isId } from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listTexts } from '../../shared/ui/ListTable';
import { StatusTag, type Tone } from '../../shared/ui/StatusTag';
import { useDates } from '../../shared/useDates';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { memberPath } from '../members/paths';
import { type PayLink, usePayLinks, useRevokePayLink } from './api';
import { moneyIn } from './orderProgress';
import { QrDialog, useCopyLink, useSendLink } from './PayLinkShare';

type Sort = '-createdAt';
type Filter = 'state' | 'member' | 'invoice';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: ['-createdAt'],
  defaultSort: '-createdAt',
  filters: { state: PAY_LINK_STATES, member: isId, invoice: isId },
};

const TONES: Record<PayLinkState, Tone> = {
  active: 'info',
  paid: 'success',
  expired: 'neutral',
  revoked: 'neutral',
  outdated: 'warning',
};

export function PayLinkStateTag({ state }: { state: PayLinkState }) {
  const { t } = useTranslation();
  return (
    <StatusTag tone={TONES[state]} testId="pay-link-state">
      {t(`payments:linkState.${state}`)}
    </StatusTag>
  );
}

/** `/pay-links`: the pay links staff made, with their state; copy, QR code, e-mail, revoke. */
export default function PayLinkListPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const { message } = App.useApp();
  const canCreate = useAbility().can('create', 'Payment');
  const list = useListParams(LIST);
  const { filters } = list;
  const apiFilters = {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.member ? { memberId: filters.member } : {}),
    ...(filters.invoice ? { invoiceId: filters.invoice } : {}),
  };
  const links = usePayLinks({ ...apiFilters, page: list.page, pageSize: list.pageSize });
  const revoke = useRevokePayLink();
  const confirm = useConfirm();
  const copy = useCopyLink();
  const mail = useSendLink();
  const [qr, setQr] = useState<PayLink | null>(null);

  const columns: ListColumn<PayLink>[] = [
    {
      key: 'createdAt',
      title: t('payments:fields.created'),
      show: 'tablet',
      render: (_: unknown, l) => dates.dateTime(l.createdAt),
    },
    {
      key: 'member',
      title: t('payments:fields.member'),
      render: (_: unknown, l) => <Link to={memberPath(l.member.id)}>{l.member.name}</Link>,
    },
    {
      key: 'invoice',
      title: t('payments:fields.invoice'),
      render: (_: unknown, l) => (
        <Link className="mono" to={`/invoice?open=${l.invoiceId}`}>
          {l.invoiceNumber}
        </Link>
      ),
    },
    {
      key: 'what',
      title: t('payments:fields.what'),
      show: 'desktop',
      render: (_: unknown, l) => l.description ?? t(`payments:linkKind.${l.kind}`),
    },
    {
      key: 'amount',
      title: t('payments:fields.amount'),
      align: 'right',
      render: (_: unknown, l) => <span style={{ whiteSpace: 'nowrap' }}>{moneyIn(l.amount, l.currency)}</span>,
    },
    { key: 'state', title: t('payments:fields.state'), render: (_: unknown, l) => <PayLinkStateTag state={l.state} /> },
    {
      key: 'expiresAt',
      title: t('payments:fields.expires'),
      show: 'tablet',
      render: (_: unknown, l) => dates.dateTime(l.expiresAt),
    },
    {
      key: 'actions',
      title: t('payments:fields.actions'),
      render: (_: unknown, l) => {
        const usable = l.state === 'active';
        return (
          <div className="row-actions">
            <Tooltip title={t('payments:share.copy')}>
              <Button
                size="small"
                icon={<CopyOutlined />}
                disabled={!usable}
                onClick={() => void copy(l.url)}
                aria-label={t('payments:share.copyAria', { member: l.member.name })}
                data-testid="pay-link-row-copy"
              />
            </Tooltip>
            <Tooltip title={t('payments:share.qr')}>
              <Button
                size="small"
                icon={<QrcodeOutlined />}
                disabled={!usable}
                onClick={() => setQr(l)}
                aria-label={t('payments:share.qrAria', { member: l.member.name })}
              />
            </Tooltip>
            {canCreate && (
              <Tooltip title={t('payments:share.email')}>
                <Button
                  size="small"
                  icon={<MailOutlined />}
                  disabled={!usable || mail.pending}
                  onClick={() => mail.send(l)}
                  aria-label={t('payments:share.emailAria', { member: l.member.name })}
                />
              </Tooltip>
            )}
            {canCreate && (
              <Tooltip title={t('payments:revoke.button')}>
                <Button
                  size="small"
                  danger
                  icon={<StopOutlined />}
                  disabled={!usable}
                  aria-label={t('payments:revoke.aria', { member: l.member.name })}
                  data-testid="pay-link-revoke"
                  onClick={() =>
                    confirm({
                      title: t('payments:revoke.title'),
                      content: t('payments:revoke.text', { amount: moneyIn(l.amount, l.currency) }),
                      okText: t('payments:revoke.button'),
                      danger: true,
                      onOk: () =>
                        revoke.mutateAsync(l.id).then(
                          () => void message.success(t('payments:revoke.done')),
                          (error: unknown) => void message.error(apiErrorMessage(t, error)),
                        ),
                    })
                  }
                />
              </Tooltip>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <div className="screen" data-testid="screen-pay-links">
      <ListTable<PayLink, Sort, Filter>
        list={list}
        result={links}
        columns={columns}
        testId="pay-link-table"
        texts={listTexts(t, 'payments:links.empty', 'payments:links.total', 'payments:links.noMatch')}
        search={{ id: 'pay-link-keyword', label: t('payments:links.search') }}
        exportTo={{ path: '/pro/pay-links/export', fileName: 'pay-links', query: apiFilters }}
        filters={
          <ClearableFilter
            list={list}
            filter="state"
            label={t('payments:fields.state')}
            options={PAY_LINK_STATES.map((s) => ({ value: s, label: t(`payments:linkState.${s}`) }))}
            testId="filter-pay-link-state"
          />
        }
        lead={
          filters.member || filters.invoice ? (
            <p className="pay-list-lead">
              {t('payments:links.narrowed')}{' '}
              <Button
                type="link"
                size="small"
                onClick={() => list.update({ filters: { member: null, invoice: null } })}
              >
                {t('payments:links.showAll')}
              </Button>
            </p>
          ) : (
            <p className="pay-list-lead">{t('payments:links.howToCreate')}</p>
          )
        }
      />
      <QrDialog link={qr} onClose={() => setQr(null)} />
    </div>
  );
}
