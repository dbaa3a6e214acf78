import { EnvironmentOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import type { CenterSummary } from '@gym/contract/centers';
import { businessDate, today } from '@gym/contract/time';
import { Button, Select, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntryEvents, useEntryLive } from '../../../features/entries/api';
import { lastPersonIn } from '../../../features/entries/liveFeed';
import { useAbility } from '../../../shared/acl';
import { setCenterId, useCenterId } from '../../../shared/centerSelection';
import { useCenters } from '../../../shared/centers';
import { formatDateTime, formatTime } from '../../../shared/dates';

/** Today's entry by its time; an earlier one with its day too (`shared/dates.ts`). */
function formatWhen(at: string, timeZone: string, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = businessDate(date, timeZone) === today(timeZone);
  return sameDay ? formatTime(language, at, timeZone) : formatDateTime(language, at, timeZone);
}

/**
 * Who entered this centre last: from the door's live panel (`/entries/live`), kept current by the
 * centre's entry notifications; the switcher's own answer for a role that may not read entries.
 */
function LastPerson({ center }: { center: CenterSummary | undefined }) {
  const { t, i18n } = useTranslation();
  const canReadEntries = useAbility().can('read', 'Entry');
  const centerId = center?.id ?? null;
  const live = useEntryLive(centerId, canReadEntries);
  useEntryEvents(canReadEntries ? centerId : null);
  if (!center) return null;
  const last = (canReadEntries ? lastPersonIn(live.data) : null) ?? center.lastPerson;
  // The label stays whole; the name and time give way ("…", the whole in the tooltip) when the bar is full.
  const value = last
    ? t('common:center.lastInValue', {
        name: last.name,
        when: formatWhen(last.at, center.timeZone, i18n.resolvedLanguage ?? 'en'),
      })
    : null;
  return (
    <span className="center-switcher__last" data-testid="center-last-person" aria-live="polite">
      <UserOutlined aria-hidden />
      {value === null ? (
        <span className="center-switcher__last-value">{t('common:center.noEntryYet')}</span>
      ) : (
        <>
          <span className="center-switcher__last-label">{t('common:center.lastIn')}</span>{' '}
          <span className="center-switcher__last-value" title={value}>
            {value}
          </span>
        </>
      )}
    </span>
  );
}

/**
 * Centre switcher: the centre this tab works at (sessionStorage `centerId`) and who entered last.
 * A role that may not read centres (the client) has nothing to switch between: no switcher, and no
 * request that would only be refused (the server's `/pro/centers/switcher` asks the same ability).
 */
export function CenterSwitcher() {
  const ability = useAbility();
  if (!ability.can('read', 'Centre')) return null;
  return <CenterSelect />;
}

function CenterSelect() {
  const { t } = useTranslation();
  const centers = useCenters();
  const centerId = useCenterId();
  const items = centers.data;

  useEffect(() => {
    if (!items) return;
    if (!centerId || !items.some((c) => c.id === centerId)) setCenterId(items[0]?.id ?? null);
  }, [items, centerId]);

  const current = items?.find((c) => c.id === centerId);

  return (
    <div className="center-switcher" data-testid="center-switcher" data-center-id={current?.id ?? ''}>
      <label htmlFor="center-switcher-select" className="sr-only">
        {t('common:center.label')}
      </label>
      <Select
        id="center-switcher-select"
        className="center-switcher__select"
        value={current?.id}
        loading={centers.isPending}
        disabled={centers.isError || (items !== undefined && items.length === 0)}
        status={centers.isError ? 'error' : undefined}
        placeholder={
          centers.isError
            ? t('common:center.loadError')
            : items && items.length === 0
              ? t('common:center.none')
              : t('common:center.placeholder')
        }
        suffixIcon={<EnvironmentOutlined aria-hidden />}
        popupMatchSelectWidth={false}
        options={items?.map((c) => ({ value: c.id, label: c.name, title: `${c.name} (${c.code})` }))}
        onChange={(id: string) => setCenterId(id)}
        aria-label={t('common:center.label')}
      />
      {centers.isError ? (
        <Tooltip title={t('common:actions.retry')}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('common:actions.retry')}
            onClick={() => void centers.refetch()}
          />
        </Tooltip>
      ) : (
        <LastPerson center={current} />
      )}
    </div>
  );
}
