/**
 * A JSON Schema (draft 2020-12) subset interpreter: only the keywords the
 * security battery's case.schema.json uses, so that schema stays the one
 * statement of the format. An unknown keyword is an error (the schema must
 * not say more than this checks).
 */

type Schema = boolean | { readonly [keyword: string]: unknown };

const ANNOTATIONS = new Set(['$schema', 'title', 'description', 'default', '$comment']);
const KEYWORDS = new Set([
  '$ref',
  '$defs',
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'minLength',
  'pattern',
  'minimum',
  'maximum',
  'oneOf',
]);

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function typeMatches(v: unknown, t: string): boolean {
  return t === 'integer' ? Number.isInteger(v) : jsonType(v) === t;
}

/** Structural equality of JSON values (own enumerable keys, any order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (jsonType(a) !== jsonType(b) || typeof a !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ka = Object.keys(ao);
  return ka.length === Object.keys(bo).length && ka.every((k) => Object.hasOwn(bo, k) && jsonEqual(ao[k], bo[k]));
}

function resolveRef(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
  let node: unknown = root;
  for (const key of ref.slice(2).split('/')) node = (node as Record<string, unknown>)[key];
  if (node === undefined) throw new Error(`dangling $ref ${ref}`);
  return node as Schema;
}

/** Every problem of `value` against `schema`, as "path: message"; empty when valid. */
export function validateJson(root: Schema, value: unknown, schema: Schema = root, path = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: not allowed`];
  for (const key of Object.keys(schema)) {
    if (!KEYWORDS.has(key) && !ANNOTATIONS.has(key)) throw new Error(`schema keyword ${key} is not supported`);
  }
  const s = schema as Record<string, unknown>;
  const errs: string[] = [];
  if (typeof s.$ref === 'string') errs.push(...validateJson(root, value, resolveRef(root, s.$ref), path));
  if (s.type !== undefined) {
    const types = (Array.isArray(s.type) ? s.type : [s.type]) as string[];
    if (!types.some((t) => typeMatches(value, t))) return [...errs, `${path}: expected ${types.join(' or ')}, got ${jsonType(value)}`];
  }
  if (Array.isArray(s.enum) && !s.enum.some((e) => jsonEqual(e, value))) errs.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
  if ('const' in s && !jsonEqual(s.const, value)) errs.push(`${path}: must be ${JSON.stringify(s.const)}`);
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && [...value].length < s.minLength) errs.push(`${path}: shorter than ${s.minLength}`);
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) errs.push(`${path}: does not match ${s.pattern}`);
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) errs.push(`${path}: less than ${s.minimum}`);
    if (typeof s.maximum === 'number' && value > s.maximum) errs.push(`${path}: more than ${s.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) errs.push(`${path}: fewer than ${s.minItems} items`);
    if (s.items !== undefined) for (const [i, x] of value.entries()) errs.push(...validateJson(root, x, s.items as Schema, `${path}[${i}]`));
  }
  if (jsonType(value) === 'object') {
    const o = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const key of (s.required ?? []) as string[]) if (!Object.hasOwn(o, key)) errs.push(`${path}: missing "${key}"`);
    for (const key of Object.keys(o)) {
      const sub = `${path}.${key}`;
      if (Object.hasOwn(props, key)) errs.push(...validateJson(root, o[key], props[key]!, sub));
      else if (s.additionalProperties === false) errs.push(`${path}: unexpected key "${key}"`);
      else if (s.additionalProperties !== undefined) errs.push(...validateJson(root, o[key], s.additionalProperties as Schema, sub));
    }
  }
  if (Array.isArray(s.oneOf)) {
    const results = (s.oneOf as Schema[]).map((alt) => validateJson(root, value, alt, path));
    const passing = results.filter((r) => r.length === 0).length;
    if (passing !== 1)
      errs.push(`${path}: must match exactly one alternative (${passing === 0 ? results.map((r) => r[0]).join('; or ') : `${passing} match`})`);
  }
  return errs;
}
