/**
 * The browser side of the door, mounted once in the staff layout:
 * - scan events of this browser's reader at this centre are acted on (see `taps.ts`);
 * - entry notifications of this centre show the entry toast (5 s, top-left, progress bar);
 * - a keyboard-wedge reader works as this browser's own reader;
 * - taps queued while the server was away are sent when it is back.
 */
import './door.css';
import { type EntryOutcome, entryEventSchema, scanEventSchema } from '@gym/contract/entries';
import { App } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currentAbility } from '../../shared/acl';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { getCenterId } from '../../shared/centerSelection';
import { isRealtimeConnected, subscribeRealtime, subscribeRealtimeStatus } from '../../shared/realtime';
import { MEMBER_LIST_PATH, membershipSalePath } from '../members/paths';
import { catchUpScans } from './catchUp';
import { EntryIcon, EntryToastBody, EntryToastTitle } from './EntryToast';
import { queue, waitingTaps } from './queue';
import { getReaderState } from './readerState';
import { actOnTap, type DoorUi, wedgeScanId } from './taps';
import { useWedgeReader } from './useWedgeReader';

/** Spec: the entry toast lasts 5 s with a progress bar; general toasts 3 s without. */
export const ENTRY_TOAST_SECONDS = 5;
export const GENERAL_TOAST_SECONDS = 3;
/** The front desk's screen: a wedge reader there records entries even with no reader stored. */
const WEDGE_ALWAYS_PATH = '/dashboard';
/** Pages whose own page-wide scan finds a member (the member list): the door stands aside there. */
const WEDGE_NEVER_PATHS = [MEMBER_LIST_PATH];
/** While taps wait, the queue is tried again this often (besides on reconnection). */
const RETRY_MS = 5_000;

const AttachCardDialog = lazy(() => import('./AttachCardDialog'));

export function DoorLoop() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const shownEntries = useRef(new Set<string>());
  /** The unknown card being attached to a member ("Attach card" on its toast). */
  const [attachCard, setAttachCard] = useState<string | null>(null);

  const uiRef = useRef<DoorUi | null>(null);
  const showEntry = (entry: EntryOutcome['entry'] | null, message: string, icon: string) => {
    if (entry) {
      const shown = shownEntries.current;
      if (shown.has(entry.id)) return;
      shown.add(entry.id);
      // A set keeps insertion order: forget the oldest beyond a day's worth of taps.
      if (shown.size > 2_000) shown.delete(shown.values().next().value as string);
    }
    const ability = currentAbility();
    const denied = entry?.result === 'denied';
    const canLetIn = denied && entry.member !== null && ability.can('create', 'EntryOverride');
    // Nothing valid to let them in: sell them a membership (or renew it) there and then.
    const canSell =
      denied && entry.member !== null && entry.reason === 'no_entitlement' && ability.can('create', 'Sale');
    // A card nobody holds: give it to the member standing at the desk.
    const canAttach =
      denied &&
      entry.reason === 'unknown_card' &&
      entry.member === null &&
      entry.card !== null &&
      ability.can('update', 'Member');
    const key = `entry-${entry?.id ?? crypto.randomUUID()}`;
    notification.open({
      key,
      placement: 'topLeft',
      duration: ENTRY_TOAST_SECONDS,
      showProgress: true,
      className: `entry-toast entry-toast--${entry?.result ?? 'info'}`,
      icon: <EntryIcon icon={icon} result={entry?.result ?? null} />,
      title: <EntryToastTitle entry={entry} fallback={message} />,
      description: (
        <EntryToastBody
          entry={entry}
          message={message}
          onLetIn={
            canLetIn && entry
              ? () => {
                  notification.destroy(key);
                  void navigate(`/entry-records?override=${encodeURIComponent(entry.id)}`);
                }
              : undefined
          }
          onSell={
            canSell && entry?.member
              ? () => {
                  notification.destroy(key);
                  void navigate(membershipSalePath(entry.member!.id));
                }
              : undefined
          }
          onAttach={
            canAttach && entry?.card
              ? () => {
                  notification.destroy(key);
                  setAttachCard(entry.card);
                }
              : undefined
          }
        />
      ),
      role: 'status',
    });
  };

  const showEntryRef = useRef(showEntry);
  showEntryRef.current = showEntry;
  const flushRef = useRef<() => void>(() => {});
  uiRef.current = {
    updateCardResult: (ok, message) =>
      notification[ok ? 'success' : 'error']({
        placement: 'top',
        duration: GENERAL_TOAST_SECONDS,
        showProgress: false,
        className: `door-toast update-card-toast ${ok ? 'is-success' : 'is-error'}`,
        title: ok ? t('door:updateCard.success') : t('door:updateCard.error'),
        description: <span data-testid="update-card-toast-text">{message}</span>,
      }),
    general: (kind, message) =>
      notification[kind]({
        placement: 'top',
        duration: GENERAL_TOAST_SECONDS,
        showProgress: false,
        className: 'door-toast',
        title: message,
      }),
    errorText: (error) =>
      isApiError(error) && error.message && error.status < 500 ? error.message : apiErrorMessage(t, error),
    noCentre: () =>
      notification.warning({
        placement: 'top',
        duration: GENERAL_TOAST_SECONDS,
        showProgress: false,
        className: 'door-toast',
        title: t('door:noCentre'),
      }),
    queued: () => {},
    entryWithoutSocket: (outcome) => showEntry(outcome.entry, outcome.message, ''),
    socketConnected: isRealtimeConnected,
    flush: () => flushRef.current(),
  };

  // Sending what waits: on start, on reconnection, when the browser is back online, and every few seconds while taps wait.
  useEffect(() => {
    let stopped = false;
    let again = false;
    let busy = false;
    const flush = async () => {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        do {
          again = false;
          const result = await queue().flush();
          for (const tap of result.dropped) {
            if (!stopped) uiRef.current?.general('error', t('door:offline.dropped', { card: tap.card }));
          }
        } while (again && !stopped);
      } catch {
        // IndexedDB or the network failed: the next try comes.
      } finally {
        busy = false;
      }
    };
    flushRef.current = () => void flush();
    void flush();
    const offStatus = subscribeRealtimeStatus(() => {
      if (isRealtimeConnected()) void flush();
    });
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (waitingTaps() > 0) void flush();
    }, RETRY_MS);
    return () => {
      stopped = true;
      offStatus();
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [t]);

  // Scans sent while this browser's socket was away: asked for each time it connects (see `catchUp.ts`).
  useEffect(() => {
    const catchUp = () => {
      if (isRealtimeConnected()) void catchUpScans(uiRef.current!);
    };
    catchUp();
    return subscribeRealtimeStatus(catchUp);
  }, []);

  // The realtime events: scans of this browser's reader, entry notifications of this centre.
  useEffect(
    () =>
      subscribeRealtime((payload) => {
        if (!payload || typeof payload !== 'object') return;
        const centreId = getCenterId();
        const action = (payload as { action?: unknown }).action;
        if ((payload as { center_id?: unknown }).center_id !== centreId || !centreId) return;
        if (action === 'scan') {
          const scan = scanEventSchema.safeParse(payload);
          const reader = getReaderState().reader;
          if (!scan.success || !reader || scan.data.reader !== reader) return;
          void actOnTap(
            { card: scan.data.card, scanId: scan.data.scan_id, at: scan.data.at, source: 'reader', sn: reader },
            uiRef.current!,
          );
        } else if (action === 'entry') {
          const parsed = entryEventSchema.safeParse(payload);
          if (parsed.success) showEntryRef.current(parsed.data.entry, parsed.data.message, parsed.data.icon);
          else {
            const loose = payload as { message?: unknown; icon?: unknown };
            showEntryRef.current(
              null,
              typeof loose.message === 'string' ? loose.message : '',
              typeof loose.icon === 'string' ? loose.icon : '',
            );
          }
        }
      }),
    [],
  );

  useWedgeReader({
    enabled: () =>
      pathname === WEDGE_ALWAYS_PATH || (Boolean(getReaderState().reader) && !WEDGE_NEVER_PATHS.includes(pathname)),
    onScan: (card) =>
      void actOnTap(
        {
          card,
          scanId: wedgeScanId(),
          at: new Date().toISOString(),
          source: 'wedge',
          sn: getReaderState().reader,
        },
        uiRef.current!,
      ),
  });

  return attachCard ? (
    <Suspense fallback={null}>
      <AttachCardDialog card={attachCard} onClose={() => setAttachCard(null)} />
    </Suspense>
  ) : null;
}
