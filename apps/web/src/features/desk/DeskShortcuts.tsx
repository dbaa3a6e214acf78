/**
 * The desk's keyboard shortcuts, listened to on every staff page (mounted once in the layout): `?`
 * the list of shortcuts, `D` the desk screen, and on a member file `C` check in, `S` sell a
 * membership, `N` a new sale, each pressing the file's own button (elsewhere `N` finds the member of
 * the sale first). See `shortcuts.ts`.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { currentAbility } from '../../shared/acl';
import { canNavigate } from '../../shared/routing/guards';
import { PAGE_ROUTES } from '../../shared/routing/routes';
import { openMemberSearch } from '../members/find/GlobalSearchTrigger';
import { isEditable } from '../members/find/useCardScan';
import { PAGE_KEYS, type PageAction, shortcutFor } from './shortcuts';

const ShortcutHelpDialog = lazy(() => import('./ShortcutHelpDialog'));

export const DESK_PATH = '/dashboard';

/** Whether this user may open the desk screen (its route's permission). */
export function mayOpenDesk(): boolean {
  const route = PAGE_ROUTES.find((r) => r.path === DESK_PATH);
  return Boolean(route && canNavigate(route.meta, currentAbility()));
}

/** The screen's own button for an action, when it shows one and it may be pressed. */
function pageButton(action: PageAction): HTMLElement | null {
  const button = document.querySelector<HTMLElement>(`#main-content [data-shortcut="${PAGE_KEYS[action]}"]`);
  if (!button || button.matches(':disabled, [aria-disabled="true"], .ant-btn-loading')) return null;
  return button;
}

const inDialog = (target: EventTarget | null) =>
  target instanceof Element && Boolean(target.closest('[role="dialog"], .ant-modal-wrap, .ant-drawer'));

export function DeskShortcuts() {
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
        defaultPrevented: event.defaultPrevented,
        inField: isEditable(event.target),
        inDialog: inDialog(event.target),
      });
      if (!action) return;
      if (action === 'help') setHelp(true);
      else if (action === 'desk') {
        if (!mayOpenDesk()) return;
        void navigate(DESK_PATH);
      } else {
        const own = pageButton(action);
        if (own) own.click();
        else if (action === 'newSale' && currentAbility().can('create', 'Sale')) {
          if (!openMemberSearch('sale')) return;
        } else return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);

  return help ? (
    <Suspense fallback={null}>
      <ShortcutHelpDialog onClose={() => setHelp(false)} />
    </Suspense>
  ) : null;
}
