import './globalSearch.css';
import type { MemberListItem } from '@gym/contract/members';
import { formatPhone } from '@gym/contract/phone';
import { Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import { MemberAvatar } from '../components/MemberAvatar';
import { MemberStatusTag } from '../components/MemberStatusTag';
import { memberName } from '../format';
import type { MemberLookup } from './useMemberLookup';

interface Props {
  lookup: MemberLookup;
  /** The listbox's id (the search box's `aria-controls`). */
  id: string;
  /** A click on a row (its main action). */
  onPick: (member: MemberListItem) => void;
  /** Buttons at the end of a row (check in, open). */
  actions?: (member: MemberListItem) => ReactNode;
  /** What the list says before anything is typed. */
  hint?: ReactNode;
}

/** The id of a result row (the search box's `aria-activedescendant`). */
export const resultId = (listId: string, member: MemberListItem) => `${listId}-${member.id}`;

/**
 * The members a desk search found: photo, name (and Chinese name), code, phone, card and status,
 * with the row the arrows are on highlighted. Loading, nothing found and a failed search say so.
 */
export function MemberResults({ lookup, id, onPick, actions, hint }: Props) {
  const { t } = useTranslation();
  const { keyword, items, active } = lookup;
  return (
    <div className="global-search__results" aria-live="polite" aria-busy={lookup.stale}>
      {!keyword ? (
        hint
      ) : lookup.error ? (
        <div className="global-search__state" role="alert">
          {apiErrorMessage(t, lookup.error)}{' '}
          <Button size="small" onClick={lookup.retry}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : lookup.loading ? (
        <div className="global-search__state">
          <Spin size="small" />
        </div>
      ) : lookup.none ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members:globalSearch.none')} />
      ) : (
        <div
          id={id}
          role="listbox"
          className={lookup.stale ? 'global-search__list is-stale' : 'global-search__list'}
          aria-label={t('members:globalSearch.results')}
        >
          {items.map((m, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the search box owns the keyboard (arrows and Enter)
            <div
              key={m.id}
              id={resultId(id, m)}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              className={i === active ? 'global-search__item is-active' : 'global-search__item'}
              onMouseEnter={() => lookup.setActive(i)}
              onClick={() => onPick(m)}
              data-testid="global-search-result"
              data-member-id={m.id}
            >
              <MemberAvatar member={m} size={36} />
              <div className="global-search__who">
                <div className="global-search__name">
                  <span className="global-search__text">
                    {memberName(m)}
                    {m.chineseName && <span lang="zh-Hant"> {m.chineseName}</span>}
                  </span>
                  <MemberStatusTag status={m.status} />
                </div>
                <div className="global-search__meta">
                  <span className="mono">{m.code}</span>
                  {m.phone && <span className="nowrap">{formatPhone(m.phone)}</span>}
                  {m.cardNumber && <span className="mono">{m.cardNumber}</span>}
                </div>
              </div>
              {actions && (
                // The row's buttons act on their own (a click there is not the row's click).
                // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click
                // biome-ignore lint/a11y/useKeyWithClickEvents: only stops the row's click
                <div className="global-search__actions" onClick={(event) => event.stopPropagation()}>
                  {actions(m)}
                </div>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
