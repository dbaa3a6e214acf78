/**
 * The signed-in session as kept in localStorage (keys are contract: `accessToken`, `refreshToken`,
 * `userData`). "Logged in" means an access token and a readable `userData` are both present.
 */
import type { LoginResponse, TokenPair, UserData } from '@gym/contract/auth';
import { STORAGE_KEYS } from '@gym/contract/constants';
import { local } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

let cachedRaw: string | null | undefined;
let cachedUser: UserData | null = null;

function parseUserData(raw: string | null): UserData | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const candidate = value as Partial<UserData>;
    if (typeof candidate.role !== 'string') return null;
    return {
      ...(candidate as UserData),
      ability: Array.isArray(candidate.ability) ? candidate.ability : [],
    };
  } catch {
    return null;
  }
}

export function getUserData(): UserData | null {
  const raw = local.get(STORAGE_KEYS.userData);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parseUserData(raw);
  }
  return cachedUser;
}

export function getAccessToken(): string | null {
  return local.get(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return local.get(STORAGE_KEYS.refreshToken);
}

export function isLoggedIn(): boolean {
  return Boolean(getAccessToken()) && getUserData() !== null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setTokens(pair: TokenPair): void {
  local.set(STORAGE_KEYS.accessToken, pair.accessToken);
  local.set(STORAGE_KEYS.refreshToken, pair.refreshToken);
  notify();
}

export function setUserData(userData: UserData): void {
  const text = JSON.stringify(userData);
  // The account re-read on every change of page is usually the same: screens are not rendered again for it.
  if (text === local.get(STORAGE_KEYS.userData)) return;
  local.set(STORAGE_KEYS.userData, text);
  notify();
}

export function startSession(answer: LoginResponse): void {
  local.set(STORAGE_KEYS.accessToken, answer.accessToken);
  local.set(STORAGE_KEYS.refreshToken, answer.refreshToken);
  local.set(STORAGE_KEYS.userData, JSON.stringify(answer.userData));
  notify();
}

export function clearSession(): void {
  local.set(STORAGE_KEYS.accessToken, null);
  local.set(STORAGE_KEYS.refreshToken, null);
  local.set(STORAGE_KEYS.userData, null);
  notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes the same keys.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.userData || event.key === STORAGE_KEYS.accessToken) {
      listener();
    }
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
