/**
 * Schema-valid input generated from a route's zod schema, with every id field naming an id chosen
 * by the caller (the isolation test names another organisation's ids of the right kind).
 */
import { z } from 'zod';

type Json = Record<string, unknown>;
/** The id to put in a field, from the field's name (`homeCenterId`, `groupIds`, `id`, ...). */
export type IdFor = (key: string) => string;

/** Strings tried in turn until the schema accepts one (formats the contract uses). */
const CANDIDATES = [
  'Name A',
  'AB',
  'A1',
  'ABCD1234',
  'someone@example.test',
  '+852 6123 4567',
  'Asia/Hong_Kong',
  '#7367f0',
  '2000-01-01',
  '2000-01',
  '09:00',
  'en',
  'Correct-Horse-Battery-9',
];

const isZod = (s: unknown): s is z.ZodType => typeof (s as z.ZodType | undefined)?.safeParse === 'function';

function generate(schema: Json | undefined, key: string, idFor: IdFor): unknown {
  if (!schema) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) return generate(options.find((o) => o.type !== 'null') ?? options[0], key, idFor);
  if (Array.isArray(schema.allOf)) return generate(schema.allOf[0] as Json, key, idFor);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return idFor(key);
      if (schema.format === 'email') return 'someone@example.test';
      if (schema.format === 'date') return '2000-01-01';
      return CANDIDATES[0];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array': {
      const items = schema.items as Json | undefined;
      const wantsIds = items?.format === 'uuid';
      return (Number(schema.minItems ?? 0) > 0 || wantsIds) && items ? [generate(items, key, idFor)] : [];
    }
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      const out: Json = {};
      for (const [k, prop] of Object.entries(props)) {
        const namesIds = JSON.stringify(prop).includes('"format":"uuid"');
        if (required.has(k) || namesIds) out[k] = generate(prop, k, idFor);
      }
      return out;
    }
    default:
      return null;
  }
}

function setAt(value: unknown, path: PropertyKey[], v: unknown): unknown {
  if (path.length === 0) return v;
  const [head, ...rest] = path;
  const container = (value ?? (typeof head === 'number' ? [] : {})) as Record<PropertyKey, unknown>;
  container[head as string] = setAt(container[head as string], rest, v);
  return container;
}

/**
 * A value the schema accepts, or undefined when none was found: generated from the schema's JSON
 * form, then repaired field by field where the zod checks (patterns, refinements) refuse it.
 */
export function validInput(schema: unknown, idFor: IdFor): unknown {
  if (!isZod(schema)) return undefined;
  let value: unknown;
  try {
    value = generate(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Json, '', idFor);
  } catch {
    return undefined;
  }
  const tried = new Map<string, number>();
  for (let round = 0; round < 60; round++) {
    const res = schema.safeParse(value);
    if (res.success) return value;
    const issue = res.error.issues[0]!;
    const at = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) value = setAt(value, [...issue.path, k], undefined);
      continue;
    }
    // A rule across fields (e.g. a renter only for a rental class): first try without the field.
    if (issue.code === 'custom' && !tried.has(`${at}:omitted`)) {
      tried.set(`${at}:omitted`, 1);
      value = setAt(value, issue.path, undefined);
      continue;
    }
    const n = tried.get(at) ?? 0;
    if (n >= CANDIDATES.length) return undefined;
    tried.set(at, n + 1);
    value = setAt(value, issue.path, CANDIDATES[n]);
  }
  return undefined;
}
