import { AppError } from '../../lib/errors.ts';

/**
 * Checks that `ids` is exactly the list `current` in some order (each once): a reorder made on a
 * stale screen (a slide added or removed meanwhile) is refused rather than guessed (409).
 */
export function checkSameSet(current: string[], ids: string[]): void {
  const have = new Set(current);
  const asked = new Set(ids);
  if (asked.size !== ids.length || asked.size !== have.size || ids.some((id) => !have.has(id))) {
    throw new AppError(409, 'conflict', 'The list changed meanwhile: reload it and try again', [
      { path: 'ids', code: 'order_stale', message: 'The list changed meanwhile: reload it and try again' },
    ]);
  }
}
