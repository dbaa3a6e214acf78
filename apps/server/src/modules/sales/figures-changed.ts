import { FIGURES_CHANGED } from '@gym/contract/dashboard';
import type { RealtimeTarget } from '../../lib/outbox.ts';

/**
 * What the centre's browsers hear after a sale, a payment or a refund: that the day's figures
 * changed (no amount, no member: the room is the door's too), so an open dashboard reads them again.
 */
export const figuresChanged = (centerId: string): RealtimeTarget => ({
  scope: 'center',
  centerId,
  message: { action: FIGURES_CHANGED, center_id: centerId },
});
