/** What the entry screens show of one tap: who, result, why, what is left, when (in the centre's zone). */

import { LoginOutlined } from '@ant-design/icons';
import { businessDate } from '@gym/contract/time';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../shared/acl';
import { fetchFile } from '../../shared/api/download';
import { useCenters } from '../../shared/centers';
import { formatDateTime, formatTime } from '../../shared/dates';
import { InitialsAvatar } from '../../shared/ui/InitialsAvatar';
import type { Entry } from './api';
import { canBeLetIn } from './liveFeed';

/** Solid colours dark enough for white text (WCAG AA). */
const RESULT_COLOURS: Record<Entry['result'], string> = {
  granted: '#2e7d32',
  denied: '#b3261e',
  duplicate: '#5d596c',
};

export function ResultTag({ entry }: { entry: Pick<Entry, 'result' | 'overrideOf'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={RESULT_COLOURS[entry.result]} data-testid="entry-result" data-result={entry.result}>
      {entry.overrideOf ? t('entries:results.override') : t(`entries:results.${entry.result}`)}
    </Tag>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * A member's photo on an entry. The server serves it behind the staff member's token
 * (`/api/v1/pro/entries/{id}/photo`), which an `<img src>` cannot send: it is fetched with the token
 * and shown as a data URL (cached per entry; a data URL given directly is shown as it is).
 */
function useEntryPhoto(photoUrl: string | null | undefined): string | undefined {
  const direct = photoUrl?.startsWith('data:') ? photoUrl : undefined;
  const path = photoUrl && !direct ? photoUrl.replace(/^\/api\/v\d+/, '') : null;
  const photo = useQuery({
    queryKey: ['entry-photo', path],
    queryFn: async ({ signal }) => {
      const file = await fetchFile(path!, { signal, fallbackName: 'photo' });
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(file.blob);
      });
    },
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
  return direct ?? photo.data;
}

export function EntryAvatar({ entry, size = 36 }: { entry: Entry; size?: number }) {
  const member = entry.member;
  const photo = useEntryPhoto(member?.photoUrl);
  if (photo) return <Avatar src={photo} size={size} alt="" />;
  const name = member?.name ?? '?';
  const seed = [...name].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) % 360, 7);
  return <InitialsAvatar text={member ? initials(name) : '?'} size={size} background={`hsl(${seed} 50% 30%)`} />;
}

/** The member's name and code, a link to their file when the user may open it; an unknown card says so. */
export function EntryMember({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const canOpen = useAbility().can('read', 'Member');
  const member = entry.member;
  if (!member)
    return (
      <span className="entry-member">
        <span className="field-hint">{t('entries:unknownMember')}</span>{' '}
        {entry.card && <span className="mono">{entry.card}</span>}
      </span>
    );
  return (
    <span className="entry-member">
      {canOpen ? (
        <Link to={`/apps/student/edit/${member.id}`} data-testid="entry-member-link">
          {member.name}
        </Link>
      ) : (
        <span>{member.name}</span>
      )}{' '}
      <span className="mono field-hint">{member.code}</span>
    </span>
  );
}

/** Why a denied tap was refused, or what let a granted one in and what is left. */
export function EntryDetail({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  if (entry.result === 'denied')
    return <span data-testid="entry-reason">{entry.reason ? t(`entries:reasons.${entry.reason}`) : '—'}</span>;
  if (entry.result === 'duplicate') return <span className="field-hint">{t('entries:duplicateHint')}</span>;
  const parts: string[] = [];
  if (entry.grantedBy) parts.push(t(`entries:grants.${entry.grantedBy}`));
  if (entry.entitlement) parts.push(entry.entitlement.name);
  if (entry.daysLeft !== null) parts.push(t('entries:daysLeft', { count: entry.daysLeft }));
  if (entry.creditsLeft !== null) parts.push(t('entries:creditsLeft', { count: entry.creditsLeft }));
  return <span data-testid="entry-granted-by">{parts.join(' · ') || '—'}</span>;
}

/** Who let a denied member in and why (on the override's row), or that someone did (on the denied row). */
export function OverrideInfo({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  if (entry.overrideOf)
    return (
      <span data-testid="entry-override-info">
        {t('entries:overrideBy', { name: entry.overriddenBy?.name ?? entry.staff?.name ?? '—' })}
        {entry.overrideReason && <span className="field-hint">: {entry.overrideReason}</span>}
      </span>
    );
  if (entry.overriddenByEntryId)
    return (
      <span className="field-hint" data-testid="entry-override-info">
        {t('entries:letInLater')}
      </span>
    );
  return null;
}

/** An entry's result and its detail in one cell (and, where asked, who let the member in). */
export function EntryOutcome({ entry, withOverride = false }: { entry: Entry; withOverride?: boolean }) {
  return (
    <div className="entry-outcome">
      <ResultTag entry={entry} />
      <EntryDetail entry={entry} />
      {withOverride && <OverrideInfo entry={entry} />}
    </div>
  );
}

/** "Let in" on a row whose tap may still be let in (nothing on another); `named`: says whom in its accessible name. */
export function LetInButton({ entry, onClick, named = false }: { entry: Entry; onClick: () => void; named?: boolean }) {
  const { t } = useTranslation();
  if (!canBeLetIn(entry)) return null;
  return (
    <Button
      size="small"
      icon={<LoginOutlined />}
      onClick={onClick}
      data-testid="entry-let-in"
      aria-label={named ? t('entries:letInAria', { name: entry.member?.name ?? entry.card ?? '' }) : undefined}
    >
      {t('entries:letIn')}
    </Button>
  );
}

/**
 * Formats an instant in its centre's time zone (the zone of the centres the user works at; the
 * device's for another): with its date when `withDate` is true, or is a business date the instant
 * does not fall on (a clock-out after midnight); the time alone otherwise.
 */
export function useEntryTime(): (at: string, centerId: string, withDate?: boolean | string) => string {
  const { i18n } = useTranslation();
  const centers = useCenters();
  const items = centers.data;
  const language = i18n.resolvedLanguage ?? 'en';
  return useCallback(
    (at: string, centerId: string, withDate: boolean | string = false) => {
      const date = new Date(at);
      if (Number.isNaN(date.getTime())) return '';
      const timeZone = items?.find((c) => c.id === centerId)?.timeZone;
      const dated =
        typeof withDate === 'string'
          ? businessDate(date, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone) !== withDate
          : withDate;
      const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
      return dated ? formatDateTime(language, at, zone) : formatTime(language, at, zone, { seconds: true });
    },
    [items, language],
  );
}
