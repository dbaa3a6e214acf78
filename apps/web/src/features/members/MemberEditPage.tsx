import './members.css';
import { ArrowLeftOutlined, CalendarOutlined, LoginOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Space, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { isApiError } from '../../shared/api/client';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { MemberBookingsTab } from '../classes/MemberBookingsTab';
import { memberClassAddPath } from '../classes/paths';
import { UpdateCardByReaderButton } from '../door/UpdateCardByReaderButton';
import { useCheckIn, useMayCheckIn } from '../entries/api';
import { LastVisit } from '../entries/LastVisit';
import { MemberEntriesTab } from '../entries/MemberEntriesTab';
import { AccountSummary } from '../sales/member/AccountSummary';
import { EntitlementsTab } from '../sales/member/EntitlementsTab';
import { MemberInvoicesTab } from '../sales/member/MemberInvoicesTab';
import { MembershipSummary } from '../sales/member/MembershipSummary';
import { SellButtons } from '../sales/member/SellButtons';
import { MemberDocumentsTab } from '../signatures/MemberDocumentsTab';
import { isUuid, memberKeys, useMember } from './api';
import { CardsTab } from './components/CardsTab';
import { DuplicateLinkAlert } from './components/DuplicateLinkAlert';
import { MemberHeader } from './components/MemberHeader';
import { PrivacyTab } from './components/PrivacyTab';
import { ProfileTab } from './components/ProfileTab';
import { memberName } from './format';
import { MEMBER_LIST_PATH } from './paths';

const TABS = ['profile', 'cards', 'memberships', 'invoices', 'entries', 'bookings', 'documents', 'privacy'] as const;
type TabKey = (typeof TABS)[number];

function BackToList() {
  const { t } = useTranslation();
  // The bare path: the list restores the search the desk left (kept in the session).
  return (
    <ButtonLink to={MEMBER_LIST_PATH} icon={<ArrowLeftOutlined />} data-testid="back-to-list">
      {t('members:edit.backToList')}
    </ButtonLink>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="screen-member-edit" data-state="not-found">
      <Card variant="borderless" data-testid="member-not-found">
        <Result
          status="404"
          title={t('members:edit.notFound')}
          subTitle={t('members:edit.notFoundText')}
          extra={<BackToList />}
        />
      </Card>
    </div>
  );
}

export default function MemberEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const ability = useAbility();
  const [search, setSearch] = useSearchParams();
  const member = useMember(id);
  const queryClient = useQueryClient();
  const wasNew = member.data?.isNew === true;
  const mayCheckIn = useMayCheckIn();
  const checkIn = useCheckIn();

  // Opening an online registration clears its "New" mark on the server: the lists show it gone.
  useEffect(() => {
    if (wasNew) void queryClient.invalidateQueries({ queryKey: memberKeys.lists() });
  }, [wasNew, queryClient]);

  if (!isUuid(id)) return <NotFound />;
  if (member.isPending) {
    return (
      <div className="screen" data-testid="screen-member-edit" data-state="loading">
        <LoadingState />
      </div>
    );
  }
  if (member.isError) {
    if (isApiError(member.error) && (member.error.status === 404 || member.error.status === 400)) return <NotFound />;
    return (
      <div className="screen" data-testid="screen-member-edit" data-state="error">
        <ErrorState error={member.error} onRetry={() => void member.refetch()} />
      </div>
    );
  }

  const m = member.data;
  const erased = Boolean(m.erasedAt);
  const canUpdate = ability.can('update', 'Member') && !erased;
  const canSell = ability.can('create', 'Sale') && !erased;
  const requested = search.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(requested ?? '') ? (requested as TabKey) : 'profile';

  const body = (key: TabKey) => {
    switch (key) {
      case 'profile':
        return <ProfileTab member={m} readOnly={!canUpdate} />;
      case 'cards':
        return <CardsTab member={m} canUpdate={canUpdate} />;
      case 'memberships':
        return <EntitlementsTab memberId={m.id} />;
      case 'invoices':
        return <MemberInvoicesTab memberId={m.id} />;
      case 'entries':
        return <MemberEntriesTab memberId={m.id} />;
      case 'bookings':
        return <MemberBookingsTab memberId={m.id} homeCenterId={m.homeCenter.id} />;
      case 'privacy':
        return (
          <PrivacyTab
            member={m}
            canExport={ability.can('update', 'Member')}
            canErase={ability.can('delete', 'Member')}
          />
        );
      case 'documents':
        return <MemberDocumentsTab memberId={m.id} language={m.language} />;
    }
  };

  return (
    // Keyed by member: another member opened from here starts with fresh forms.
    <div key={m.id} className="screen member-edit" data-testid="screen-member-edit" data-member-id={m.id}>
      <MemberHeader
        member={m}
        actions={
          <Space wrap>
            {mayCheckIn && !erased && (
              // `C` on the file presses it (the desk's shortcuts press `[data-shortcut]` buttons).
              <Button
                icon={<LoginOutlined />}
                loading={checkIn.isPending}
                onClick={() => checkIn.mutate({ id: m.id, name: memberName(m) })}
                title={t('door:checkIn.titleWithKey')}
                aria-keyshortcuts="C"
                data-shortcut="c"
                data-testid="check-in"
              >
                {t('door:checkIn.action')}
              </Button>
            )}
            {canSell && <SellButtons memberId={m.id} />}
            {ability.can('create', 'Booking') && !erased && (
              <ButtonLink to={memberClassAddPath(m.id)} icon={<CalendarOutlined />} data-testid="member-book-class">
                {t('classes:memberTab.book')}
              </ButtonLink>
            )}
            {canUpdate && <UpdateCardByReaderButton memberId={m.id} />}
            <BackToList />
          </Space>
        }
        slots={{
          membership: <MembershipSummary memberId={m.id} />,
          balance: <AccountSummary memberId={m.id} showNext />,
          // Only the member detail carries `lastVisitAt`; without it the slot keeps its dash.
          ...(m.lastVisitAt !== undefined
            ? { lastVisit: <LastVisit at={m.lastVisitAt} centerId={m.homeCenter.id} /> }
            : {}),
          ...(m.possibleDuplicateOf || m.mergedInto || m.guardianMissing
            ? {
                alerts: (
                  <>
                    {(m.possibleDuplicateOf || m.mergedInto) && <DuplicateLinkAlert member={m} />}
                    {m.guardianMissing && (
                      <Alert
                        type="warning"
                        showIcon
                        data-testid="member-guardian-missing"
                        title={t('members:guardianMissing.title')}
                        description={t('members:guardianMissing.text')}
                      />
                    )}
                  </>
                ),
              }
            : {}),
        }}
      />
      {erased && (
        <Alert
          type="warning"
          showIcon
          className="member-erased"
          data-testid="member-erased"
          title={t('members:edit.erased')}
          description={t('members:edit.erasedText')}
        />
      )}
      {!erased && !ability.can('update', 'Member') && (
        <Alert type="info" showIcon className="member-erased" title={t('members:edit.readOnly')} />
      )}
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setSearch(
              (current) => {
                const next = new URLSearchParams(current);
                if (key === 'profile') next.delete('tab');
                else next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          destroyOnHidden
          items={TABS.map((key) => ({
            key,
            label: key === 'memberships' ? t('sales:member.tabEntitlements') : t(`members:tabs.${key}`),
            children: body(key),
          }))}
          data-testid="member-tabs"
        />
      </Card>
    </div>
  );
}
