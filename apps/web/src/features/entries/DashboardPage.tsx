import './entries.css';
import { InfoCircleOutlined, LoginOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { IN_BUILDING_MINUTES } from '@gym/contract/entries';
import { Button, Card, Empty, Result, Statistic, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { type Entry, useEntryEvents, useEntryLive } from './api';
import { EntryAvatar, EntryDetail, EntryMember, ResultTag, useEntryTime } from './EntryParts';
import { canBeLetIn } from './liveFeed';
import { OverrideDialog } from './OverrideDialog';
import { useOverrideParam } from './useOverrideParam';

/**
 * `/dashboard`: the front desk's live panel for the tab's centre. Counts of today (the centre's
 * business date), an estimate of who is in, and the last 20 taps, kept current by the entry
 * notifications of that centre. Built to be read at a glance on a 10-inch tablet.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  if (!ability.can('read', 'Entry'))
    return (
      <div className="screen" data-testid="screen-dashboard">
        <Card variant="borderless">
          <Result status="info" title={t('entries:dashboard.noEntries')} />
        </Card>
      </div>
    );
  return <EntryPanel />;
}

function EntryPanel() {
  const { t } = useTranslation();
  const centerId = useCenterId();
  const centers = useCenters();
  const centre = centers.data?.find((c) => c.id === centerId);
  const live = useEntryLive(centerId);
  useEntryEvents(centerId);
  const canLetIn = useAbility().can('create', 'EntryOverride');
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
          <Card size="small">
            <Statistic
              title={t('entries:dashboard.granted')}
              value={data.granted}
              styles={{ content: { color: '#2e7d32' } }}
              data-testid="entry-count-granted"
            />
          </Card>
          <Card size="small">
            <Statistic
              title={t('entries:dashboard.denied')}
              value={data.denied}
              styles={{ content: { color: '#b3261e' } }}
              data-testid="entry-count-denied"
            />
          </Card>
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
      {body}
      <OverrideDialog target={override} onClose={closeOverride} />
    </div>
  );
}

function FeedRow({
  entry,
  today,
  canLetIn,
  onLetIn,
}: {
  entry: Entry;
  /** The centre's business date: a tap of another day shows its date beside the time. */
  today: string;
  canLetIn: boolean;
  onLetIn: () => void;
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
    </li>
  );
}
