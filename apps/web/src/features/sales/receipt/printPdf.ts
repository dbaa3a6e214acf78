/**
 * Prints a PDF through the browser's print window: the PDF goes into a hidden frame under a blob
 * URL, the frame's `print()` opens the print window, and the frame and its URL are removed after
 * the spec's print window time-out (`UI_TIMING.printWindowTimeoutMs`, 1000 ms) once `print()` has
 * returned.
 */
import { UI_TIMING } from '@gym/contract/constants';

export interface PrintOptions {
  /** The frame's accessible name. */
  title?: string;
  timeoutMs?: number;
  /** The document to print from (tests pass their own). */
  doc?: Pick<Document, 'createElement' | 'body'>;
  /** Gives up when the frame has not loaded by then. */
  loadTimeoutMs?: number;
}

/**
 * Resolves once the print window was asked for; rejects when the frame never loads
 * (`print_frame_not_loaded`), the browser refused to show the PDF in it (`print_frame_blocked`), or
 * it cannot print.
 */
export function printPdf(blob: Blob, options: PrintOptions = {}): Promise<void> {
  const doc = options.doc ?? document;
  const timeoutMs = options.timeoutMs ?? UI_TIMING.printWindowTimeoutMs;
  const url = URL.createObjectURL(blob);
  const frame = doc.createElement('iframe');
  frame.setAttribute('data-testid', 'receipt-print-frame');
  frame.setAttribute('aria-hidden', 'true');
  if (options.title) frame.title = options.title;
  // Off screen but laid out: some browsers do not print a frame that is `display: none`.
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });

  let removed = false;
  const cleanUp = () => {
    if (removed) return;
    removed = true;
    frame.remove();
    URL.revokeObjectURL(url);
  };

  return new Promise<void>((resolve, reject) => {
    const gaveUp = setTimeout(() => {
      cleanUp();
      reject(new Error('print_frame_not_loaded'));
    }, options.loadTimeoutMs ?? 30_000);
    frame.addEventListener(
      'load',
      () => {
        clearTimeout(gaveUp);
        try {
          const view = frame.contentWindow;
          if (!view) throw new Error('print_frame_not_loaded');
          // A frame the browser refused (the page's security policy, a blocked download) holds its
          // own error page, which the app may not reach: say so rather than print an empty page.
          if (!frame.contentDocument) throw new Error('print_frame_blocked');
          view.focus();
          view.print();
          resolve();
        } catch (error) {
          reject(error);
        } finally {
          setTimeout(cleanUp, timeoutMs);
        }
      },
      { once: true },
    );
    frame.src = url;
    doc.body.appendChild(frame);
  });
}
