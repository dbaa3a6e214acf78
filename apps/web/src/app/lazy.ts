import { UI_TIMING } from '@gym/contract/constants';
import type { ComponentType } from 'react';

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

/** Turns a screen module loader into a React Router `lazy` function, with the load time-out. */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await withChunkTimeout(load());
    return { Component: module.default };
  };
}

/** True for errors that mean "the code for this screen could not be fetched". */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch|Unable to preload CSS/i.test(
    error.message,
  );
}
