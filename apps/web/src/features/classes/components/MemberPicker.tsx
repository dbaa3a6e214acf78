import type { MemberListItem } from '@gym/contract/members';
import { formatPhone } from '@gym/contract/phone';
import { type RefSelectProps, Select, Spin } from 'antd';
import { type Ref, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMembers } from '../../members/api';
import { SEARCH_DEBOUNCE_MS } from '../../members/components/SearchBox';
import { memberName } from '../../members/format';

export interface PickedMember {
  id: string;
  label: string;
  /** The member's status when the search gave it (a prospect may take a trial class). */
  status?: string;
}

const label = (m: MemberListItem) =>
  [m.code, memberName(m), m.chineseName, m.phone ? formatPhone(m.phone) : null, m.cardNumber]
    .filter(Boolean)
    .join(' · ');

/**
 * One member, found by the member list's search (name, phone, code or card number). A card tapped on
 * a keyboard-wedge reader types its number and Enter into the focused box: the search finds its
 * member, and when exactly one matches it is picked at once.
 */
export function MemberPicker({
  id,
  value,
  onChange,
  autoFocus,
  selectRef,
  disabled,
  testId = 'book-member-search',
}: {
  /** The search box's test id (the booking dialog's by default). */
  testId?: string;
  id?: string;
  value?: PickedMember | null;
  onChange?: (member: PickedMember | null) => void;
  autoFocus?: boolean;
  /** The search box, for a dialog that gives it the focus once open (`useFocusWhenOpen`). */
  selectRef?: Ref<RefSelectProps>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [enterPending, setEnterPending] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const found = useMembers({ keyword, page: 1, pageSize: 10, sort: 'name' }, { enabled: keyword.length > 0 });
  const items = keyword && found.data && !found.isPlaceholderData ? found.data.items : [];
  const options = items.map((m) => ({ value: m.id, label: label(m) }));
  if (value && !options.some((o) => o.value === value.id)) options.unshift({ value: value.id, label: value.label });

  // Enter after a card number (a wedge reader, or typed): one match is the member.
  useEffect(() => {
    if (!enterPending || keyword !== typed.trim() || found.isFetching) return;
    setEnterPending(false);
    if (items.length === 1) {
      const only = items[0]!;
      onChange?.({ id: only.id, label: label(only), status: only.status });
      setTyped('');
    }
  }, [enterPending, keyword, typed, found.isFetching, items, onChange]);

  return (
    // A wedge reader typing here types a search, not an entry at the door.
    <div data-card-field>
      <Select
        id={id}
        className="full-width"
        size="large"
        ref={selectRef}
        autoFocus={autoFocus}
        disabled={disabled}
        value={value?.id ?? null}
        placeholder={t('classes:book.memberPlaceholder')}
        aria-label={t('classes:book.member')}
        showSearch={{ searchValue: typed, onSearch: setTyped, filterOption: false }}
        onInputKeyDown={(event) => {
          if (event.key === 'Enter' && typed.trim()) {
            setKeyword(typed.trim());
            setEnterPending(true);
          }
        }}
        notFoundContent={
          found.isFetching ? (
            <Spin size="small" />
          ) : keyword ? (
            t('classes:book.noMember')
          ) : (
            t('classes:book.typeToSearch')
          )
        }
        options={options}
        onChange={(memberId: string | null, option) => {
          if (!memberId) return onChange?.(null);
          const text = option && !Array.isArray(option) && typeof option.label === 'string' ? option.label : '';
          onChange?.({ id: memberId, label: text, status: items.find((m) => m.id === memberId)?.status });
          setTyped('');
        }}
        allowClear
        data-testid={testId}
      />
    </div>
  );
}
