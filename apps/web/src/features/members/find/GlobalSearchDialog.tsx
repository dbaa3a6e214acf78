import { LoginOutlined } from '@ant-design/icons';
import type { MemberListItem } from '@gym/contract/members';
import { Button, Input, type InputRef, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFocusWhenOpen } from '../../../shared/ui/useFocusWhenOpen';
import { useCheckIn, useMayCheckIn } from '../../entries/api';
import { memberName } from '../format';
import { memberPath, newSalePath } from '../paths';
import { MemberResults, resultId } from './MemberResults';
import { useMemberLookup } from './useMemberLookup';

/** The desk screen's search: its own chunk would be a second one for the same parts. */
export { DeskSearch } from './DeskSearch';

/** What Enter (or a click) on a member does: open their file, or start a sale for them (the `N` key). */
export type SearchPurpose = 'open' | 'sale';

const LIST_ID = 'global-search-results';

/**
 * The global member search box: results by name, phone or card as one types; arrows pick, Enter
 * opens (or, for a sale, opens the member's new sale), also when it was pressed before the answer
 * came; each result can be checked in.
 */
export default function GlobalSearchDialog({
  onClose,
  purpose = 'open',
}: {
  onClose: () => void;
  purpose?: SearchPurpose;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useFocusWhenOpen<InputRef>();
  const mayCheckIn = useMayCheckIn();
  const checkIn = useCheckIn();

  const go = (member: MemberListItem) => {
    onClose();
    void navigate(purpose === 'sale' ? newSalePath(member.id) : memberPath(member.id));
  };
  const lookup = useMemberLookup(go);
  const current = lookup.items[lookup.active];

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      closable={false}
      title={
        <span className="sr-only">
          {t(purpose === 'sale' ? 'members:globalSearch.saleTitle' : 'members:globalSearch.title')}
        </span>
      }
      className="global-search"
      data-testid="global-search"
      data-purpose={purpose}
      afterOpenChange={input.afterOpenChange}
    >
      <Input
        ref={input.ref}
        autoFocus
        size="large"
        role="combobox"
        aria-expanded={lookup.items.length > 0}
        aria-controls={LIST_ID}
        aria-activedescendant={current ? resultId(LIST_ID, current) : undefined}
        aria-label={t(purpose === 'sale' ? 'members:globalSearch.saleLabel' : 'members:globalSearch.label')}
        placeholder={t('members:globalSearch.placeholder')}
        value={lookup.text}
        onChange={(event) => lookup.change(event.target.value)}
        onKeyDown={lookup.onKeyDown}
        data-testid="global-search-input"
        data-card-field
      />
      <MemberResults
        lookup={lookup}
        id={LIST_ID}
        onPick={go}
        actions={
          mayCheckIn
            ? (m) => (
                <Button
                  size="small"
                  icon={<LoginOutlined />}
                  loading={checkIn.isPending && checkIn.variables?.id === m.id}
                  onClick={() => checkIn.mutate({ id: m.id, name: memberName(m) }, { onSuccess: onClose })}
                  aria-label={t('door:checkIn.aria', { name: memberName(m) })}
                  data-testid="global-search-check-in"
                >
                  {t('door:checkIn.action')}
                </Button>
              )
            : undefined
        }
        hint={
          <p className="global-search__hint">
            {t(purpose === 'sale' ? 'members:globalSearch.saleHint' : 'members:globalSearch.hint')}
          </p>
        }
      />
    </Modal>
  );
}
