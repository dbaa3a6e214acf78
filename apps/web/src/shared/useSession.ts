import type { UserData } from '@gym/contract/auth';
import { useSyncExternalStore } from 'react';
import { getUserData, isLoggedIn, subscribeSession } from './session';

export function useUserData(): UserData | null {
  return useSyncExternalStore(subscribeSession, getUserData, getUserData);
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isLoggedIn, isLoggedIn);
}
