import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, isChunkLoadError, lazyRoute, withChunkTimeout } from './lazy';

afterEach(() => {
  vi.useRealTimers();
});

const Screen: ComponentType = () => null;

describe('screen chunk loading', () => {
  it('gives up after the chunk time-out (120 s by default)', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const pending = withChunkTimeout(never).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ChunkLoadTimeoutError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('returns the screen component when the chunk arrives in time', async () => {
    const route = lazyRoute(async () => ({ default: Screen }));
    expect(await route()).toEqual({ Component: Screen });
  });

  it('turns a failed chunk into a component that throws, so the route error screen shows', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/OutboxPage.js');
    const route = lazyRoute(() => Promise.reject(failure));
    const loaded = await route();
    if (!('element' in loaded)) throw new Error('expected an element');
    const { type, props } = loaded.element as { type: (p: unknown) => unknown; props: unknown };
    expect(() => type(props)).toThrow(failure);
    expect(isChunkLoadError(failure)).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
  });
});
