/** Column mappings of an import (column header -> field, or null to skip it), whatever it imports. */

export type ColumnMapping<F extends string> = Record<string, F | null>;

/**
 * The mapping once `header` holds `field`: every column of the file is named, and a field goes to
 * one column only (giving it to a second column takes it from the first: the server refuses a field
 * mapped twice).
 */
export function remapColumn<F extends string>(
  headers: readonly string[],
  mapping: Partial<Record<string, F | null>>,
  header: string,
  field: NoInfer<F> | null,
): ColumnMapping<F> {
  const next: ColumnMapping<F> = {};
  for (const h of headers) next[h] = field && mapping[h] === field ? null : (mapping[h] ?? null);
  next[header] = field;
  return next;
}

/**
 * Required fields no column holds. Each requirement is a field, or several of which one is enough
 * (the first is the one named): `[['firstName', 'fullName'], 'phone']`.
 */
export function missingFields<F extends string>(
  mapping: Partial<Record<string, F | null>>,
  required: readonly (NoInfer<F> | readonly NoInfer<F>[])[],
): F[] {
  const mapped = new Set(Object.values(mapping));
  const missing: F[] = [];
  for (const need of required) {
    const any: readonly F[] = typeof need === 'string' ? [need] : need;
    if (!any.some((f) => mapped.has(f)) && any[0] !== undefined) missing.push(any[0]);
  }
  return missing;
}

/** The same choices, compared as JSON (a screen keeps the server's key order and edits values in place). */
export const sameChoice = (a: object | null, b: object) => a !== null && JSON.stringify(a) === JSON.stringify(b);
