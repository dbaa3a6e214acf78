/**
 * A PT package's booked sessions hold its credits: when the package is given up (refunded, voided,
 * transferred), the selling and entitlements modules call this hook, in their transaction, and the
 * sessions still booked on it are cancelled first (their holds freed). Other packages have none.
 */
import { registerEntitlementHooks } from '../entitlements/index.ts';
import { cancelSessionsOf } from './cancel-sessions-of.ts';

registerEntitlementHooks('package', {
  beforeGrant: async () => undefined,
  granted: async () => undefined,
  released: (ctx, input) => cancelSessionsOf(ctx, input),
});
