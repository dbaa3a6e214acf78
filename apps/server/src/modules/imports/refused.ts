import { IMPORT_MAX_ERRORS, type ImportRowError } from '@gym/contract/imports';
import { AppError } from '../../lib/errors.ts';

/** The refusal of a file with bad rows (422 `import_invalid`): nothing is written, every row is named in `details`. */
export function importRefused(
  errors: readonly ImportRowError[],
  listed = errors.slice(0, IMPORT_MAX_ERRORS),
): AppError {
  const bad = new Set(errors.map((e) => e.row)).size;
  return new AppError(
    422,
    'import_invalid',
    `${bad} row(s) cannot be imported: nothing was imported`,
    undefined,
    undefined,
    {
      rows: listed,
      errorCount: errors.length,
    },
  );
}
