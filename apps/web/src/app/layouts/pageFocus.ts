import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A field a person types into. */
const isField = (el: Element) =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLElement && el.isContentEditable);

/** A dialog is open (one the page opened from its address, as "Let in"): it has the focus to give. */
const dialogOpen = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some((wrap) => wrap.style.display !== 'none');

/** Somewhere the person already is: a field, or a dialog other than the menu's drawer. */
function busyElsewhere(target: Element): boolean {
  if (dialogOpen()) return true;
  const active = document.activeElement;
  if (!active || active === document.body || active === target) return false;
  if (active.closest('.app-menu-drawer')) return false;
  return isField(active) || Boolean(active.closest('[role="dialog"], .ant-drawer-open'));
}

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/**
 * What takes the focus for a marked element: itself when it can, else its first field (a select or
 * picker puts the mark on its frame, whose search box is inside).
 */
const focusTarget = (marked: HTMLElement): HTMLElement =>
  marked.matches(`${FOCUSABLE}, [tabindex]`) ? marked : (marked.querySelector<HTMLElement>(FOCUSABLE) ?? marked);

/** How long a screen may take to show its first field (its chunk and data loading). */
const WAIT_MS = 5_000;

/**
 * Each time a page opens (from the menu, a link or the address), puts the keyboard focus on the
 * screen's first field, the element it marks `data-page-focus` (its search box; a member file its
 * header), so the desk types at once. The element is waited for while the screen loads. A person
 * who is already typing in a field or working in a dialog (the member search, a "Let in" dialog
 * opened from the address) keeps the focus; a screen with no mark is left alone.
 */
export function usePageFocus(): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    const started = performance.now();
    let frame = 0;
    const attempt = () => {
      const marked = document.querySelector<HTMLElement>('#main-content [data-page-focus]');
      if (marked) {
        const target = focusTarget(marked);
        if (!busyElsewhere(target)) target.focus({ preventScroll: true });
        return;
      }
      if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
