import type { MemberListItem } from '@gym/contract/members';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMembers } from '../api';
import { memberName } from '../format';
import { SEARCH_DEBOUNCE_MS } from './SearchBox';

interface Props {
  id?: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** Members that need not be offered (already in the group). */
  exclude?: ReadonlySet<string>;
  disabled?: boolean;
}

const label = (m: MemberListItem) => [m.code, memberName(m), m.chineseName, m.phone].filter(Boolean).join(' · ');

/** Picks members by the same search as the member list (name, phone, e-mail, code, card). */
export function MemberSearchSelect({ id, value, onChange, exclude, disabled }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const found = useMembers({ keyword, page: 1, pageSize: 10, sort: 'name' }, { enabled: keyword.length > 0 });
  const options = (keyword ? (found.data?.items ?? []) : [])
    .filter((m) => !exclude?.has(m.id))
    .map((m) => ({ value: m.id, label: label(m) }));
  // Chosen members stay labelled when the search moves on.
  for (const [memberId, text] of picked) {
    if (value.includes(memberId) && !options.some((o) => o.value === memberId))
      options.push({ value: memberId, label: text });
  }

  return (
    <Select
      id={id}
      mode="multiple"
      className="full-width"
      value={value}
      disabled={disabled}
      placeholder={t('groups:members.searchPlaceholder')}
      aria-label={t('groups:members.searchLabel')}
      showSearch={{ searchValue: typed, onSearch: setTyped, filterOption: false }}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : keyword ? (
          t('groups:members.noMatch')
        ) : (
          t('groups:members.typeToSearch')
        )
      }
      options={options}
      onChange={(ids: string[], chosen) => {
        const next = new Map(picked);
        for (const option of Array.isArray(chosen) ? chosen : [chosen]) {
          if (option && 'value' in option && typeof option.label === 'string')
            next.set(String(option.value), option.label);
        }
        setPicked(next);
        onChange(ids);
      }}
      data-testid="group-member-search"
    />
  );
}
