import { useCallback, useRef } from 'react';

/**
 * The field a dialog or drawer gives the focus to once it is open. An `autoFocus` field alone is not
 * enough: antd's dialog moves the focus to its own frame when it has opened, and without motion (a
 * device that asks for reduced motion) that happens after the field took it. Pass `ref` to the field
 * and `afterOpenChange` to the Modal or Drawer.
 */
export function useFocusWhenOpen<T extends { focus: (options?: FocusOptions) => void }>() {
  const ref = useRef<T>(null);
  const afterOpenChange = useCallback((open: boolean) => {
    if (open) ref.current?.focus();
  }, []);
  return { ref, afterOpenChange };
}
