/**
 * The desk screen's member search: the cursor is in it when the screen opens; a name, phone, code or
 * card typed, then Enter checks the highlighted member in (Shift+Enter opens their file), also when
 * Enter came before the answer. After a check-in the box is emptied for the next person. A card
 * reader's burst into the box is a tap (the door loop takes it), not a search.
 */
import { SearchOutlined } from '@ant-design/icons';
import type { MemberListItem } from '@gym/contract/members';
import { Button, Card, Input, type InputRef } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useCheckIn, useMayCheckIn } from '../../entries/api';
import { memberName } from '../format';
import { memberPath } from '../paths';
import { MemberResults, resultId } from './MemberResults';
import { useMemberLookup } from './useMemberLookup';

const LIST_ID = 'desk-search-results';
const DESK_SEARCH_ID = 'desk-search';

export function DeskSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayCheckIn = useMayCheckIn();
  const checkIn = useCheckIn();
  const input = useRef<InputRef>(null);

  const checkInMember = (member: MemberListItem) =>
    checkIn.mutate(
      { id: member.id, name: memberName(member) },
      {
        onSuccess: () => {
          lookup.clear();
          input.current?.focus();
        },
      },
    );
  const lookup = useMemberLookup((member, how) => {
    if (how.shift || !mayCheckIn) void navigate(memberPath(member.id));
    else checkInMember(member);
  });
  const current = lookup.items[lookup.active];

  return (
    <Card size="small" title={t('door:desk.title')} className="desk-search" data-testid="desk-search">
      <Input
        id={DESK_SEARCH_ID}
        ref={input}
        autoFocus
        data-page-focus
        size="large"
        allowClear
        autoComplete="off"
        role="combobox"
        prefix={<SearchOutlined aria-hidden />}
        aria-expanded={lookup.items.length > 0}
        aria-controls={LIST_ID}
        aria-activedescendant={current ? resultId(LIST_ID, current) : undefined}
        aria-label={t('door:desk.label')}
        aria-describedby="desk-search-hint"
        placeholder={t('members:globalSearch.placeholder')}
        value={lookup.text}
        onChange={(event) => lookup.change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && lookup.text) {
            event.preventDefault();
            lookup.clear();
            return;
          }
          lookup.onKeyDown(event);
        }}
        data-testid="desk-search-input"
      />
      <p id="desk-search-hint" className="global-search__hint">
        {t(mayCheckIn ? 'door:desk.hint' : 'door:desk.hintOpenOnly')}
      </p>
      <MemberResults
        lookup={lookup}
        id={LIST_ID}
        onPick={(m) => void navigate(memberPath(m.id))}
        actions={(m) => (
          <>
            {mayCheckIn && (
              <Button
                type="primary"
                loading={checkIn.isPending && checkIn.variables?.id === m.id}
                onClick={() => checkInMember(m)}
                aria-label={t('door:checkIn.aria', { name: memberName(m) })}
                data-testid="desk-check-in"
              >
                {t('door:checkIn.action')}
              </Button>
            )}
            <ButtonLink
              to={memberPath(m.id)}
              aria-label={t('door:desk.openAria', { name: memberName(m) })}
              data-testid="desk-open"
            >
              {t('door:desk.open')}
            </ButtonLink>
          </>
        )}
      />
    </Card>
  );
}
