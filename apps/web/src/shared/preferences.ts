/**
 * Look-and-feel preferences of this browser: language, skin, layout, menu collapsed / hidden.
 * Stored in localStorage (`language`, `skin`, `layout`, ...) and, for a signed-in user, saved to
 * their account so the next sign-in elsewhere looks the same.
 */
import type { Preferences } from '@gym/contract/auth';
import {
  DEFAULT_LAYOUT,
  DEFAULT_SKIN,
  LAYOUTS,
  type Language,
  type LayoutType,
  SKINS,
  type Skin,
  STORAGE_KEYS,
} from '@gym/contract/constants';
import { useSyncExternalStore } from 'react';
import { api } from './api/client';
import { i18n, loadLanguage } from './i18n/i18n';
import { isLanguage } from './i18n/languages';
import { type getUserData, isLoggedIn, setUserData } from './session';
import { APP_STORAGE_KEYS, local } from './storage';

export interface UiPreferences {
  skin: Skin;
  layout: LayoutType;
  menuCollapsed: boolean;
  menuHidden: boolean;
}

const isSkin = (v: unknown): v is Skin => typeof v === 'string' && (SKINS as readonly string[]).includes(v);
const isLayout = (v: unknown): v is LayoutType => typeof v === 'string' && (LAYOUTS as readonly string[]).includes(v);

/** Semi-dark colours the side menu only; with a top menu it falls back to light (spec). */
export function effectiveSkin(skin: Skin, layout: LayoutType): Skin {
  return layout === 'horizontal' && skin === 'semi-dark' ? 'light' : skin;
}

function readPreferences(): UiPreferences {
  const storedLayout = local.get(APP_STORAGE_KEYS.layout);
  const storedSkin = local.get(STORAGE_KEYS.skin);
  const layout = isLayout(storedLayout) ? storedLayout : DEFAULT_LAYOUT;
  const skin = isSkin(storedSkin) ? storedSkin : DEFAULT_SKIN;
  return {
    layout,
    skin: effectiveSkin(skin, layout),
    menuCollapsed: local.get(APP_STORAGE_KEYS.menuCollapsed) === 'true',
    menuHidden: local.get(APP_STORAGE_KEYS.menuHidden) === 'true',
  };
}

let current = readPreferences();
const listeners = new Set<() => void>();

function commit(next: UiPreferences): void {
  current = next;
  local.set(STORAGE_KEYS.skin, next.skin);
  local.set(APP_STORAGE_KEYS.layout, next.layout);
  local.set(APP_STORAGE_KEYS.menuCollapsed, String(next.menuCollapsed));
  local.set(APP_STORAGE_KEYS.menuHidden, String(next.menuHidden));
  for (const listener of listeners) listener();
}

export function getPreferences(): UiPreferences {
  return current;
}

export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreferences(): UiPreferences {
  return useSyncExternalStore(subscribePreferences, getPreferences, getPreferences);
}

let pendingRemote: Partial<Preferences> = {};
let remoteTimer: ReturnType<typeof setTimeout> | undefined;

/** Saves preference changes to the account; quick successive changes go in one request. */
function saveRemotely(change: Partial<Preferences>): void {
  if (!isLoggedIn()) return;
  pendingRemote = { ...pendingRemote, ...change };
  clearTimeout(remoteTimer);
  remoteTimer = setTimeout(() => {
    const preferences = pendingRemote;
    pendingRemote = {};
    api
      .patch<ReturnType<typeof getUserData>>('/pro/me', { preferences })
      .then((userData) => {
        if (userData) setUserData(userData);
      })
      .catch(() => {
        // The change is kept in this browser; the account keeps its previous value.
      });
  }, 400);
}

export function setSkin(skin: Skin, options: { remote?: boolean } = {}): void {
  const next = { ...current, skin: effectiveSkin(skin, current.layout) };
  commit(next);
  if (options.remote !== false) saveRemotely({ skin: next.skin });
}

export function setLayout(layout: LayoutType, options: { remote?: boolean } = {}): void {
  const skin = effectiveSkin(current.skin, layout);
  const skinChanged = skin !== current.skin;
  commit({ ...current, layout, skin });
  if (options.remote !== false) saveRemotely(skinChanged ? { layout, skin } : { layout });
}

export function setMenuCollapsed(menuCollapsed: boolean): void {
  commit({ ...current, menuCollapsed });
}

export function setMenuHidden(menuHidden: boolean): void {
  commit({ ...current, menuHidden });
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'en';
}

/** Loads the language's texts, switches to it, remembers it and follows it in `<html lang>`. */
export async function setLanguage(language: Language, options: { remote?: boolean } = {}): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  local.set(APP_STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
  if (options.remote !== false) saveRemotely({ language });
}

/** Applies the preferences saved on the account (after sign-in or an account update). */
export async function applyAccountPreferences(preferences: Partial<Preferences>): Promise<void> {
  const layout = preferences.layout && isLayout(preferences.layout) ? preferences.layout : current.layout;
  const skin = preferences.skin && isSkin(preferences.skin) ? preferences.skin : current.skin;
  commit({ ...current, layout, skin: effectiveSkin(skin, layout) });
  if (preferences.language && isLanguage(preferences.language) && preferences.language !== currentLanguage()) {
    await setLanguage(preferences.language, { remote: false });
  }
}
