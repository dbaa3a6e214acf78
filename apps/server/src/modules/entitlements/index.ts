export {
  creditsAvailable,
  ENDED_PHASES,
  type EntitlementState,
  endOf,
  statusOn,
  whatIsLeft,
} from './entitlement-state.ts';
export { type EntitlementKindHooks, hooksOf, registerEntitlementHooks } from './hooks.ts';
export { type AppendLedgerInput, appendLedger, lockState, type NewLedgerRow, stateOf } from './ledger.ts';
export { entitlementRoutes } from './routes.ts';
