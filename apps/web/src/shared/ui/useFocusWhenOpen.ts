import { useCallback, useRef } from 'react';

/** A field a person may already be typing in (theirs to keep). */
const typingIn = (el: Element | null) =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLElement && el.isContentEditable);

/**
 * The field a dialog or drawer gives the focus to once it is open. An `autoFocus` field alone is not
 * enough: antd's dialog moves the focus to its own frame when it has opened, and without motion
 * that happens after the field took it. Pass `ref` to the field and `afterOpenChange` to the Modal
 * or Drawer. A person who already moved to another field while the dialog opened keeps it.
 */
export function useFocusWhenOpen<T extends { focus: (options?: FocusOptions) => void }>() {
  const ref = useRef<T>(null);
  const afterOpenChange = useCallback((open: boolean) => {
    if (open && !typingIn(document.activeElement)) ref.current?.focus();
  }, []);
  return { ref, afterOpenChange };
}
