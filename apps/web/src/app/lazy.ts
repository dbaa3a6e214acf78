import { UI_TIMING } from '@gym/contract/constants';
import { type ComponentType, createElement, type ReactElement } from 'react';

/** A screen chunk that did not arrive within `UI_TIMING.chunkLoadTimeoutMs` (spec: 120 s). */
export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

export function withChunkTimeout<T>(load: Promise<T>, timeoutMs: number = UI_TIMING.chunkLoadTimeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadTimeoutError(`Screen did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Turns a screen module loader into a React Router `lazy` function, with the load time-out.
 *
 * A failed load is not rejected: React Router keeps a route whose `lazy` rejected in its "not
 * loaded yet" state and renders nothing below the root, so the error screen would never show.
 * Instead the route gets a component that throws the load error when rendered, which the route's
 * `errorElement` turns into the error screen with its Retry button (a full reload, which also
 * gets past browsers that remember a failed module fetch).
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>) {
  return async (): Promise<{ Component: ComponentType } | { element: ReactElement }> => {
    try {
      const module = await withChunkTimeout(load());
      return { Component: module.default };
    } catch (error) {
      return { element: createElement(ScreenLoadFailed, { error }) };
    }
  };
}

/** Rethrows a screen's load error during render, for the route's error element to show. */
function ScreenLoadFailed({ error }: { error: unknown }): never {
  throw error;
}

/** True for errors that mean "the code for this screen could not be fetched". */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch|Unable to preload CSS/i.test(
    error.message,
  );
}
