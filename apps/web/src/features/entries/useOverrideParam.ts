import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { Entry } from './api';
import type { OverrideTarget } from './OverrideDialog';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The "Let in" dialog in the URL: `?override=<entryId>` opens it for that entry, so the toast's
 * "Let in" button is one click away from the reason (and reload keeps the dialog). Ignored for a
 * user who may not let anyone in, and for a value that is no entry id.
 */
export function useOverrideParam(
  allowed: boolean,
  find: (id: string) => Entry | undefined,
): [OverrideTarget | null, (id: string) => void, () => void] {
  const [search, setSearch] = useSearchParams();
  const id = search.get('override');
  const target = allowed && id && UUID.test(id) ? { id, entry: find(id) } : null;
  const open = useCallback(
    (entryId: string) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        next.set('override', entryId);
        return next;
      }),
    [setSearch],
  );
  const close = useCallback(
    () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('override');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [target, open, close];
}
