import { type AbilityRule, type AppAbility, buildAbility } from '@gym/contract/acl';
import { useSyncExternalStore } from 'react';
import { getUserData, isLoggedIn, subscribeSession } from './session';

let cacheKey: unknown = Symbol('none');
let cached: AppAbility = buildAbility(null);

/**
 * The abilities of whoever uses this browser: the rules stored in `userData.ability` when signed
 * in; otherwise (or with no stored rules) the default, `read` on `Auth` only.
 */
export function currentAbility(): AppAbility {
  const user = isLoggedIn() ? getUserData() : null;
  if (user !== cacheKey) {
    cacheKey = user;
    // Stored subjects are plain strings; one this app does not know simply never matches.
    cached = buildAbility(user?.ability as AbilityRule[] | undefined);
  }
  return cached;
}

export function useAbility(): AppAbility {
  return useSyncExternalStore(subscribeSession, currentAbility, currentAbility);
}
