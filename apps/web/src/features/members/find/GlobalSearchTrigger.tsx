import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../shared/acl';
import type { SearchPurpose } from './GlobalSearchDialog';
import { isEditable } from './useCardScan';

const GlobalSearchDialog = lazy(() => import('./GlobalSearchDialog'));

type Request = (purpose: SearchPurpose) => void;
let requestOpen: Request | null = null;

/** Opens the navbar's member search (the desk's keyboard shortcuts: `N` finds the member of a new sale). */
export function openMemberSearch(purpose: SearchPurpose = 'open'): boolean {
  if (!requestOpen) return false;
  requestOpen(purpose);
  return true;
}

/**
 * The navbar's member search: the button, or `/` (outside a field) or Ctrl+K / ⌘K anywhere, opens
 * a search box with live results; Enter opens the member's file. The box itself is loaded on first use.
 */
export function GlobalSearchTrigger() {
  const { t } = useTranslation();
  const ability = useAbility();
  const allowed = ability.can('read', 'Member');
  const [open, setOpen] = useState<SearchPurpose | null>(null);

  useEffect(() => {
    if (!allowed) return;
    requestOpen = setOpen;
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
      if (!shortcut && !slash) return;
      event.preventDefault();
      setOpen('open');
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (requestOpen === setOpen) requestOpen = null;
    };
  }, [allowed]);

  if (!allowed) return null;
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        onClick={() => setOpen('open')}
        aria-label={t('members:globalSearch.open')}
        title={t('members:globalSearch.open')}
        aria-keyshortcuts="/ Control+K"
        data-testid="global-search-open"
      />
      {open && (
        <Suspense fallback={null}>
          <GlobalSearchDialog key={open} purpose={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
