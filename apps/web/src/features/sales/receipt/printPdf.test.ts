import { UI_TIMING } from '@gym/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { printPdf } from './printPdf';

/** A stand-in for the page: records the frame, loads it when appended, and counts print() calls. */
function fakeDocument(options: { loads?: boolean; blocked?: boolean; print?: () => void } = {}) {
  const state = { attached: false, printed: 0, frame: null as null | Record<string, unknown> };
  const listeners: Record<string, () => void> = {};
  const frame = {
    style: {},
    title: '',
    src: '',
    setAttribute: vi.fn(),
    addEventListener: (type: string, fn: () => void) => {
      listeners[type] = fn;
    },
    remove: () => {
      state.attached = false;
    },
    // A refused frame shows the browser's error page, from another origin: its document is out of reach.
    contentDocument: options.blocked ? null : { contentType: 'application/pdf' },
    contentWindow: {
      focus: vi.fn(),
      print: () => {
        state.printed += 1;
        options.print?.();
      },
    },
  };
  state.frame = frame;
  const doc = {
    createElement: () => frame,
    body: {
      appendChild: () => {
        state.attached = true;
        if (options.loads !== false) queueMicrotask(() => listeners.load?.());
      },
    },
  };
  return { doc: doc as unknown as Pick<Document, 'createElement' | 'body'>, state };
}

describe('printPdf', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the print window from a frame holding the PDF and removes the frame after the spec’s 1000 ms', async () => {
    expect(UI_TIMING.printWindowTimeoutMs).toBe(1000);
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { doc, state } = fakeDocument();
    await printPdf(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { doc, title: 'Receipt' });
    expect(state.printed).toBe(1);
    expect(String(state.frame!.src)).toMatch(/^blob:/);
    expect(state.attached).toBe(true);
    vi.advanceTimersByTime(999);
    expect(state.attached).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state.attached).toBe(false);
    expect(revoke).toHaveBeenCalledWith(state.frame!.src);
  });

  it('rejects and cleans up when printing throws, or when the frame never loads', async () => {
    const failing = fakeDocument({
      print: () => {
        throw new Error('blocked');
      },
    });
    await expect(printPdf(new Blob(['x']), { doc: failing.doc })).rejects.toThrow('blocked');
    vi.advanceTimersByTime(1000);
    expect(failing.state.attached).toBe(false);

    const stuck = fakeDocument({ loads: false });
    const pending = printPdf(new Blob(['x']), { doc: stuck.doc, loadTimeoutMs: 5000 });
    const check = expect(pending).rejects.toThrow('print_frame_not_loaded');
    vi.advanceTimersByTime(5000);
    await check;
    expect(stuck.state.attached).toBe(false);
    expect(stuck.state.printed).toBe(0);
  });

  it('rejects without printing when the browser refused the PDF in the frame', async () => {
    const refused = fakeDocument({ blocked: true });
    await expect(printPdf(new Blob(['%PDF-1.7']), { doc: refused.doc })).rejects.toThrow('print_frame_blocked');
    expect(refused.state.printed).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(refused.state.attached).toBe(false);
  });
});
