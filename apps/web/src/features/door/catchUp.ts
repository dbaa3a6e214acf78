/**
 * A scan event reaches only the browsers connected when it is sent. Each time this browser's
 * realtime socket connects (the page opened, the Wi-Fi back, its server restarted and the socket
 * moved to another), it asks for the scans of its reader at its centre that recorded nothing yet
 * (`GET pro/readers/{sn}/unanswered-scans`, the last minutes) and acts on each as on its event;
 * `claimScan` keeps one scan from being acted on twice, whichever way it came.
 */
import type { unansweredScansResponseSchema } from '@gym/contract/entries';
import type { z } from 'zod';
import { api } from '../../shared/api/client';
import { getCenterId } from '../../shared/centerSelection';
import { getReaderState } from './readerState';
import { actOnTap, type DoorUi } from './taps';

export async function catchUpScans(ui: DoorUi): Promise<void> {
  const reader = getReaderState().reader;
  const centerId = getCenterId();
  if (!reader || !centerId) return;
  try {
    const { items } = await api.get<z.infer<typeof unansweredScansResponseSchema>>(
      `/pro/readers/${encodeURIComponent(reader)}/unanswered-scans`,
      { query: { centerId } },
    );
    for (const scan of items)
      await actOnTap({ card: scan.card, scanId: scan.scanId, at: scan.at, source: 'reader', sn: reader }, ui);
  } catch {
    // Not reachable now: the next connection asks again.
  }
}
