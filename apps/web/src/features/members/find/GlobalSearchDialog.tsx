import { formatPhone } from '@gym/contract/phone';
import { Empty, Input, type InputRef, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFocusWhenOpen } from '../../../shared/ui/useFocusWhenOpen';
import { useMembers } from '../api';
import { MemberAvatar } from '../components/MemberAvatar';
import { MemberStatusTag } from '../components/MemberStatusTag';
import { memberName } from '../format';
import { memberPath } from '../paths';

const LIVE_DEBOUNCE_MS = 150;
const RESULTS = 8;

/** The global member search box: results by name, phone or card as one types; arrows pick, Enter opens. */
export default function GlobalSearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState(0);
  const input = useFocusWhenOpen<InputRef>();

  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(text.trim());
      setActive(0);
    }, LIVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const results = useMembers({ keyword, page: 1, pageSize: RESULTS }, { enabled: keyword.length > 0 });
  const items = keyword && results.data ? results.data.items : [];
  const current = keyword === text.trim();

  const open = (id: string) => {
    onClose();
    navigate(memberPath(id));
  };

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      closable={false}
      title={<span className="sr-only">{t('members:globalSearch.title')}</span>}
      className="global-search"
      data-testid="global-search"
      afterOpenChange={input.afterOpenChange}
    >
      <Input
        ref={input.ref}
        autoFocus
        size="large"
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls="global-search-results"
        aria-activedescendant={items[active] ? `global-search-${items[active].id}` : undefined}
        aria-label={t('members:globalSearch.label')}
        placeholder={t('members:globalSearch.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((i) => Math.min(i + 1, Math.max(items.length - 1, 0)));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (event.key === 'Enter' && current && items[active]) {
            event.preventDefault();
            open(items[active].id);
          }
        }}
        data-testid="global-search-input"
        data-card-field
      />
      <div className="global-search__results" aria-live="polite">
        {keyword && results.isFetching && !results.data ? (
          <Spin size="small" />
        ) : keyword && items.length === 0 && results.isSuccess ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members:globalSearch.none')} />
        ) : (
          <div id="global-search-results" role="listbox" className="global-search__list">
            {items.map((m, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input owns the keyboard (arrows and Enter)
              <div
                key={m.id}
                id={`global-search-${m.id}`}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                className={i === active ? 'global-search__item is-active' : 'global-search__item'}
                onMouseEnter={() => setActive(i)}
                onClick={() => open(m.id)}
                data-testid="global-search-result"
              >
                <MemberAvatar member={m} size={32} />
                <span className="global-search__name">
                  {memberName(m)}
                  {m.chineseName && <span lang="zh-Hant"> {m.chineseName}</span>}
                </span>
                <span className="global-search__meta mono">{m.code}</span>
                <span className="global-search__meta">{formatPhone(m.phone)}</span>
                {m.cardNumber && <span className="global-search__meta mono">{m.cardNumber}</span>}
                <MemberStatusTag status={m.status} />
              </div>
            ))}
          </div>
        )}
      </div>
    </Modal>
  );
}
