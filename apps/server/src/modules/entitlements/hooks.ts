/**
 * What the module that owns a kind of entitlement does when one of that kind is granted or given up:
 * a short course's module (courses) books its new holder into its sessions, and frees them again.
 * The selling module grants entitlements and the entitlements module transfers them without knowing
 * courses: they call these hooks, which run in the same transaction, after the module that owns the
 * kind has registered them (at its import, with the app's routes).
 */
import type { Entitlement } from '@gym/contract/sales';
import type { ActorContext } from '../../lib/use-case.ts';

type Kind = Entitlement['kind'];

export interface EntitlementKindHooks {
  /** Before one is granted (a sale): refuses (throws) when it cannot be, e.g. a full course; `path` names the field. */
  beforeGrant(ctx: ActorContext, input: { itemId: string; path: string }): Promise<void>;
  /** Once one has been granted to `memberId` (sold, or given by a transfer), in the same transaction. */
  granted(ctx: ActorContext, input: { entitlementId: string; memberId: string; itemId: string }): Promise<void>;
  /** When one gives up what it holds (refunded, transferred away), before its ledger rows are written. */
  released(ctx: ActorContext, input: { entitlementId: string; reason: string }): Promise<void>;
}

/** The kinds whose entitlements hold something another module keeps (a course's bookings): a sale of one needs that module. */
const OWNED: readonly Kind[] = ['short_course'];

const registered = new Map<Kind, EntitlementKindHooks>();

/** Registers what the module owning `kind` does; once per kind. */
export function registerEntitlementHooks(kind: Kind, hooks: EntitlementKindHooks): void {
  const known = registered.get(kind);
  if (known && known !== hooks) throw new Error(`the hooks of ${kind} entitlements are registered already`);
  registered.set(kind, hooks);
}

const NONE: EntitlementKindHooks = {
  beforeGrant: async () => undefined,
  granted: async () => undefined,
  released: async () => undefined,
};

/** The hooks of `kind` (none for memberships and packages); a kind another module owns must have them. */
export function hooksOf(kind: string): EntitlementKindHooks {
  const hooks = registered.get(kind as Kind);
  if (hooks) return hooks;
  if (OWNED.includes(kind as Kind)) throw new Error(`no module has registered the hooks of ${kind} entitlements`);
  return NONE;
}
