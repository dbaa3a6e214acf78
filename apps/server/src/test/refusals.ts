/** The fields a refusal names (each field error's `path`), sorted: their order is not part of the answer. */
export const refusedPaths = (res: { json(): unknown }) =>
  (res.json() as { fields: { path: string }[] }).fields.map((f) => f.path).sort();

/** The codes of a refusal's field errors, sorted. */
export const refusedCodes = (res: { json(): unknown }) =>
  (res.json() as { fields: { code: string }[] }).fields.map((f) => f.code).sort();
