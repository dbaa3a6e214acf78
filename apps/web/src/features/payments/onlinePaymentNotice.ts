/**
 * The desk's notice of a payment made online (the server's realtime message, sent to the member's
 * centre): plain data here, so the shell does not load the payments screens to hear it.
 */

/** `PAYMENT_EVENTS.onlinePaymentReceived` of the contract (a test keeps them equal). */
export const ONLINE_PAYMENT_ACTION = 'payment.online_received';

export interface OnlinePaymentNotice {
  message: string;
  memberId: string | null;
  centerId: string;
}

/** The notice in a realtime message, or null for any other message. */
export function onlinePaymentNotice(payload: unknown): OnlinePaymentNotice | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (p.action !== ONLINE_PAYMENT_ACTION || typeof p.message !== 'string' || typeof p.center_id !== 'string') {
    return null;
  }
  return {
    message: p.message,
    memberId: typeof p.member_id === 'string' ? p.member_id : null,
    centerId: p.center_id,
  };
}
