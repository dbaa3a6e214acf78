import './entries.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { SectionTable } from '../../shared/ui/OneLineTable';
import { EmptyState, QueryState } from '../../shared/ui/ScreenStates';
import { type Entry, useEntryList } from './api';
import { EntryOutcome, LetInButton, useEntryTime } from './EntryParts';
import { OverrideDialog, type OverrideTarget } from './OverrideDialog';

const PAGE_SIZE = 10;

/** The member file's "Entries": the member's taps at every centre, newest first, with "Let in" on a denied one. */
export function MemberEntriesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const readable = ability.can('read', 'Entry');
  const canLetIn = ability.can('create', 'EntryOverride');
  const time = useEntryTime();
  const [page, setPage] = useState(1);
  const [override, setOverride] = useState<OverrideTarget | null>(null);
  const entries = useEntryList({ memberId, page, pageSize: PAGE_SIZE, sort: '-at' });
  if (!readable) return <EmptyState description={t('entries:member.noAccess')} />;
  return (
    <div className="member-tab" data-testid="member-entries">
      <QueryState query={entries} isEmpty={(data) => data.items.length === 0} emptyText={t('entries:member.none')}>
        {(data) => (
          <SectionTable<Entry>
            dataSource={data.items}
            data-testid="member-entry-table"
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage }}
            columns={[
              {
                key: 'at',
                title: t('entries:fields.time'),
                render: (_: unknown, e: Entry) => <span className="entry-time">{time(e.at, e.center.id, true)}</span>,
              },
              { key: 'center', title: t('entries:fields.center'), render: (_: unknown, e: Entry) => e.center.code },
              {
                key: 'result',
                title: t('entries:fields.result'),
                render: (_: unknown, e: Entry) => <EntryOutcome entry={e} withOverride />,
              },
              ...(canLetIn
                ? [
                    {
                      key: 'actions',
                      title: t('entries:fields.actions'),
                      render: (_: unknown, e: Entry) => (
                        <LetInButton entry={e} onClick={() => setOverride({ id: e.id, entry: e })} />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </QueryState>
      <OverrideDialog target={override} onClose={() => setOverride(null)} />
    </div>
  );
}
