/**
 * What this browser does with a tap of its own reader (a scan event whose `reader` is the stored
 * one, or a keyboard-wedge burst), by `reader_action` (spec):
 * - normal: `POST pro/card/{card}/entry/ {center_id, sn, scan_id, source}` (Idempotency-Key: the scan
 *   id). The answer reaches every browser of the centre as the entry notification; when the server
 *   cannot be reached the tap waits in the offline queue;
 * - update-member-card: `POST pro/student/{student_id}/nfc/ {card}`, then the Success or Error
 *   toast with the server's message; back to normal and `student_id` removed, either way;
 * - staff-check-in: `POST pro/card/{card}/clock/`, a general toast with the answer's message.
 */
import type { EntryOutcome, EntrySource } from '@gym/contract/entries';
import { api } from '../../shared/api/client';
import { getCenterId } from '../../shared/centerSelection';
import { claimScan } from './handledScans';
import { queue } from './queue';
import { endUpdateCard, getReaderState } from './readerState';
import { isUnreachable, type QueuedTap } from './tapQueue';

export interface Tap {
  card: string;
  scanId: string;
  /** When it was tapped (ISO). */
  at: string;
  source: Extract<EntrySource, 'reader' | 'wedge'>;
  /** The reader's serial number (null: a wedge reader on a browser with no stored reader). */
  sn: string | null;
}

/** How the door speaks to the person at the desk (antd's notification, see `DoorLoop`). */
export interface DoorUi {
  updateCardResult(ok: boolean, message: string): void;
  /** A general toast (3 s, no progress bar). */
  general(kind: 'success' | 'info' | 'warning' | 'error', message: string): void;
  /** The answer to a failed call, in the staff's language. */
  errorText(error: unknown): string;
  /** No centre selected: the tap cannot be placed. */
  noCentre(): void;
  /** Taps are waiting: the socket missed nothing, the queue says so. */
  queued(): void;
  /** The entry was recorded while the socket was down: this browser shows its toast itself. */
  entryWithoutSocket(outcome: EntryOutcome): void;
  socketConnected(): boolean;
  /** Flush the queue now (the server answered: it is back). */
  flush(): void;
}

async function queueTap(tap: Tap, kind: QueuedTap['kind'], centerId: string, ui: DoorUi): Promise<void> {
  await queue().enqueue({ scanId: tap.scanId, card: tap.card, kind, centerId, sn: tap.sn, tappedAt: tap.at });
  ui.queued();
}

async function entry(tap: Tap, centerId: string, ui: DoorUi): Promise<void> {
  // Taps already waiting go first: a new one joins the end of the queue, never overtakes them.
  if ((await queue().size()) > 0) {
    await queueTap(tap, 'entry', centerId, ui);
    ui.flush();
    return;
  }
  try {
    const outcome = await api.post<EntryOutcome>(
      `/pro/card/${encodeURIComponent(tap.card)}/entry/`,
      { center_id: centerId, sn: tap.sn, scan_id: tap.scanId, source: tap.source },
      { idempotencyKey: tap.scanId },
    );
    if (!ui.socketConnected() && outcome.result !== 'duplicate') ui.entryWithoutSocket(outcome);
  } catch (error) {
    if (isUnreachable(error)) await queueTap(tap, 'entry', centerId, ui);
    else ui.general('error', ui.errorText(error));
  }
}

async function clock(tap: Tap, centerId: string, ui: DoorUi): Promise<void> {
  try {
    const answer = await api.post<{ result: boolean; message: string }>(
      `/pro/card/${encodeURIComponent(tap.card)}/clock/`,
      { center_id: centerId, sn: tap.sn, scan_id: tap.scanId },
      { idempotencyKey: tap.scanId },
    );
    ui.general(answer.result ? 'success' : 'warning', answer.message);
  } catch (error) {
    if (isUnreachable(error)) await queueTap(tap, 'clock', centerId, ui);
    else ui.general('error', ui.errorText(error));
  }
}

async function updateCard(tap: Tap, studentId: string | null, ui: DoorUi): Promise<void> {
  try {
    if (!studentId) throw new Error('no member');
    const answer = await api.post<{ result: boolean; message: string }>(
      `/pro/student/${encodeURIComponent(studentId)}/nfc/`,
      { card: tap.card },
    );
    ui.updateCardResult(answer.result, answer.message);
  } catch (error) {
    ui.updateCardResult(false, ui.errorText(error));
  } finally {
    endUpdateCard();
  }
}

/** Acts on a tap of this browser's reader, once per scan id. */
export async function actOnTap(tap: Tap, ui: DoorUi): Promise<void> {
  if (!(await claimScan(tap.scanId))) return;
  const state = getReaderState();
  if (state.action === 'update-member-card') return updateCard(tap, state.studentId, ui);
  const centerId = getCenterId();
  if (!centerId) {
    ui.noCentre();
    return;
  }
  if (state.action === 'staff-check-in') return clock(tap, centerId, ui);
  return entry(tap, centerId, ui);
}

/** A scan id for a tap of the browser's own (wedge) reader. */
export function wedgeScanId(): string {
  return `wedge-${crypto.randomUUID()}`;
}
