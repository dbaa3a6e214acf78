import { type AppAbility, buildAbility } from '@gym/contract/acl';
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
    cached = buildAbility(user?.ability);
  }
  return cached;
}

export function useAbility(): AppAbility {
  return useSyncExternalStore(subscribeSession, currentAbility, currentAbility);
}
