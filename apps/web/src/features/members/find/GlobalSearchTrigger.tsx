import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../shared/acl';
import { isEditable } from './useCardScan';

const GlobalSearchDialog = lazy(() => import('./GlobalSearchDialog'));

/**
 * The navbar's member search: the button, or `/` (outside a field) or Ctrl+K / ⌘K anywhere, opens
 * a search box with live results; Enter opens the member's file. The box itself is loaded on first use.
 */
export function GlobalSearchTrigger() {
  const { t } = useTranslation();
  const ability = useAbility();
  const allowed = ability.can('read', 'Member');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!allowed) return;
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
      if (!shortcut && !slash) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [allowed]);

  if (!allowed) return null;
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('members:globalSearch.open')}
        title={t('members:globalSearch.open')}
        aria-keyshortcuts="/ Control+K"
        data-testid="global-search-open"
      />
      {open && (
        <Suspense fallback={null}>
          <GlobalSearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
