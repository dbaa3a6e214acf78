import './entries.css';
import { CreditCardOutlined, InfoCircleOutlined, LoginOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { IN_BUILDING_MINUTES } from '@gym/contract/entries';
import { Button, Card, Empty, Result, Statistic, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { membershipSalePath } from '../members/paths';
import { type Entry, useEntryEvents, useEntryLive } from './api';
import { EntryAvatar, EntryDetail, EntryMember, ResultTag, useEntryTime } from './EntryParts';
import { canBeLetIn } from './liveFeed';
import { OverrideDialog } from './OverrideDialog';
import { useOverrideParam } from './useOverrideParam';

const AttachCardDialog = lazy(() => import('../door/AttachCardDialog'));
/** The business figures below the door's panel (their own chunk). */
const FiguresPanel = lazy(() => import('../dashboard/FiguresPanel'));

/** The day's figures of the tab's centre, below whatever the desk sees above them. */
function FiguresSlot() {
  const centerId = useCenterId();
  if (!centerId) return null;
  return (
    <Suspense fallback={<LoadingState />}>
      <FiguresPanel centerId={centerId} />
    </Suspense>
  );
}
/** Loaded with the navbar's member search, whose parts it shares (one chunk for both). */
const DeskSearch = lazy(() => import('../members/find/GlobalSearchDialog').then((m) => ({ default: m.DeskSearch })));

/** Where the desk's search will be while its chunk loads: the panel beside it does not move. */
function DeskSearchSlot() {
  return (
    <Suspense fallback={<Card size="small" className="desk-search" loading />}>
      <DeskSearch />
    </Suspense>
  );
}

/** One of the day's counts, in its colour (dark enough on white). */
function CountCard({ title, value, colour, testId }: { title: string; value: number; colour: string; testId: string }) {
  return (
    <Card size="small">
      <Statistic
        title={title}
        value={value}
        styles={{ content: { color: colour } }}
        data-testid={`entry-count-${testId}`}
      />
    </Card>
  );
}

/**
 * `/dashboard`: the front desk's screen for the tab's centre. The member search (the cursor in it:
 * Enter checks the member in), and beside it the live panel: counts of today (the centre's business
 * date), an estimate of who is in, and the last 20 taps, kept current by the entry notifications of
 * that centre. Built to be read at a glance on a 10-inch tablet.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const search = ability.can('read', 'Member');
  if (!ability.can('read', 'Entry'))
    return (
      <div className="screen" data-testid="screen-dashboard">
        {search && <DeskSearchSlot />}
        <Card variant="borderless">
          <Result status="info" title={t('entries:dashboard.noEntries')} />
        </Card>
        <FiguresSlot />
      </div>
    );
  return <EntryPanel search={search} />;
}

function EntryPanel({ search }: { search: boolean }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const centerId = useCenterId();
  const centers = useCenters();
  const centre = centers.data?.find((c) => c.id === centerId);
  const live = useEntryLive(centerId);
  useEntryEvents(centerId);
  const canLetIn = ability.can('create', 'EntryOverride');
  const canSell = ability.can('create', 'Sale');
  const canAttach = ability.can('update', 'Member');
  const [attachCard, setAttachCard] = useState<string | null>(null);
  const [override, setOverride, closeOverride] = useOverrideParam(canLetIn, (id) =>
    live.data?.last.find((e) => e.id === id),
  );

  const body = (() => {
    if (!centerId || live.isPending) return <LoadingState />;
    if (live.isError && !live.data) return <ErrorState error={live.error} onRetry={() => void live.refetch()} />;
    const data = live.data;
    return (
      <>
        <div className="entry-stats" data-testid="entry-stats">
          <CountCard title={t('entries:dashboard.granted')} value={data.granted} colour="#2e7d32" testId="granted" />
          <CountCard title={t('entries:dashboard.denied')} value={data.denied} colour="#b3261e" testId="denied" />
          <Card size="small">
            <Statistic
              title={
                <span>
                  {t('entries:dashboard.inBuilding')}{' '}
                  <Tooltip title={t('entries:dashboard.inBuildingHint', { minutes: IN_BUILDING_MINUTES })}>
                    <Button
                      type="text"
                      size="small"
                      icon={<InfoCircleOutlined />}
                      aria-label={t('entries:dashboard.inBuildingHint', { minutes: IN_BUILDING_MINUTES })}
                      data-testid="entry-in-building-hint"
                    />
                  </Tooltip>
                </span>
              }
              value={data.inBuilding}
              prefix="≈"
              data-testid="entry-count-in-building"
            />
          </Card>
        </div>
        <Card
          size="small"
          title={t('entries:dashboard.lastTaps')}
          extra={
            <ButtonLink to="/entry-records" icon={<UnorderedListOutlined />} data-testid="entry-records-link">
              {t('entries:dashboard.allRecords')}
            </ButtonLink>
          }
        >
          {data.last.length === 0 ? (
            <Empty description={t('entries:emptyToday')} />
          ) : (
            <ol className="entry-feed" data-testid="entry-feed" aria-live="polite">
              {data.last.map((entry) => (
                <FeedRow
                  key={entry.id}
                  entry={entry}
                  today={data.today}
                  canLetIn={canLetIn}
                  onLetIn={() => setOverride(entry.id)}
                  canSell={canSell}
                  canAttach={canAttach}
                  onAttach={() => setAttachCard(entry.card)}
                />
              ))}
            </ol>
          )}
        </Card>
      </>
    );
  })();

  return (
    <div className="screen entry-dashboard" data-testid="screen-dashboard" data-center-id={centerId ?? ''}>
      {centre && (
        <p className="entry-dashboard__centre" data-testid="entry-dashboard-centre">
          {t('entries:dashboard.at', { centre: `${centre.name} (${centre.code})` })}
          {live.data && <span className="field-hint"> · {live.data.today}</span>}
        </p>
      )}
      <div className={search ? 'desk-layout' : undefined}>
        {search && <DeskSearchSlot />}
        <div className="desk-layout__panel">{body}</div>
      </div>
      <FiguresSlot />
      <OverrideDialog target={override} onClose={closeOverride} />
      {attachCard && (
        <Suspense fallback={null}>
          <AttachCardDialog card={attachCard} onClose={() => setAttachCard(null)} />
        </Suspense>
      )}
    </div>
  );
}

function FeedRow({
  entry,
  today,
  canLetIn,
  onLetIn,
  canSell,
  canAttach,
  onAttach,
}: {
  entry: Entry;
  /** The centre's business date: a tap of another day shows its date beside the time. */
  today: string;
  canLetIn: boolean;
  onLetIn: () => void;
  canSell: boolean;
  canAttach: boolean;
  onAttach: () => void;
}) {
  const { t } = useTranslation();
  const time = useEntryTime();
  return (
    <li
      className={`entry-feed__row entry-feed__row--${entry.result}`}
      data-testid="entry-feed-row"
      data-entry-id={entry.id}
    >
      <EntryAvatar entry={entry} size={44} />
      <div className="entry-feed__who">
        <EntryMember entry={entry} />
        <div className="entry-feed__detail">
          <EntryDetail entry={entry} />
        </div>
      </div>
      <ResultTag entry={entry} />
      <time className="entry-feed__time" dateTime={entry.at}>
        {time(entry.at, entry.center.id, today)}
      </time>
      <div className="entry-feed__actions">
        {canLetIn && canBeLetIn(entry) && (
          <Button
            icon={<LoginOutlined />}
            onClick={onLetIn}
            data-testid="entry-let-in"
            aria-label={t('entries:letInAria', { name: entry.member?.name ?? entry.card ?? '' })}
          >
            {t('entries:letIn')}
          </Button>
        )}
        {canSell && entry.result === 'denied' && entry.reason === 'no_entitlement' && entry.member && (
          <ButtonLink
            to={membershipSalePath(entry.member.id)}
            data-testid="entry-sell"
            aria-label={t('door:entry.sellAria', { name: entry.member.name })}
          >
            {t('door:entry.sell')}
          </ButtonLink>
        )}
        {canAttach && entry.result === 'denied' && entry.reason === 'unknown_card' && !entry.member && entry.card && (
          <Button
            icon={<CreditCardOutlined />}
            onClick={onAttach}
            data-testid="entry-attach"
            aria-label={t('door:entry.attachAria', { card: entry.card })}
          >
            {t('door:entry.attach')}
          </Button>
        )}
      </div>
    </li>
  );
}
