import { useTranslation } from 'react-i18next';
import { useEntryTime } from './EntryParts';

/** The member header's "Last visit": when the member last came in (granted), in the centre's time zone. */
export function LastVisit({ at, centerId }: { at: string | null; centerId: string }) {
  const { t } = useTranslation();
  const time = useEntryTime();
  if (!at) return <span className="field-hint">{t('entries:lastVisit.never')}</span>;
  return (
    <time dateTime={at} data-testid="member-last-visit">
      {time(at, centerId, true)}
    </time>
  );
}
