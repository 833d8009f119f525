/**
 * A JSON Schema (draft 2020-12) subset interpreter, with no dependencies: only
 * the keywords the repository's own case schemas use (test/conformance and
 * test/security case.schema.json), so each schema stays the one statement of
 * its format. An unknown keyword is an error: a schema must not say more than
 * this checks. Read by test/conformance/validate.mjs (plain Node, before any
 * build) and by the core's security battery.
 */

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
  'dependentRequired',
  'items',
  'minItems',
  'uniqueItems',
  'minLength',
  'pattern',
  'minimum',
  'maximum',
  'oneOf',
  'allOf',
  'if',
  'then',
]);

function jsonType(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v; // object | string | number | boolean
}

function typeMatches(v, t) {
  return t === 'integer' ? Number.isInteger(v) : jsonType(v) === t;
}

/** Structural equality of JSON values (own enumerable keys, any order). */
export function jsonEqual(a, b) {
  if (Object.is(a, b)) return true;
  if (jsonType(a) !== jsonType(b) || typeof a !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}

function resolveRef(root, ref) {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
  let node = root;
  for (const key of ref.slice(2).split('/')) node = node?.[key];
  if (node === undefined) throw new Error(`dangling $ref ${ref}`);
  return node;
}

/** Every problem of `value` against `schema` (a part of `root`, by default all of it), as "path: message"; empty when valid. */
export function validateJson(root, value, schema = root, path = '$') {
  if (schema === true) return [];
  if (schema === false) return [`${path}: not allowed`];
  for (const key of Object.keys(schema)) {
    if (!KEYWORDS.has(key) && !ANNOTATIONS.has(key)) throw new Error(`schema keyword ${key} is not supported`);
  }
  const errs = [];
  if (typeof schema.$ref === 'string') errs.push(...validateJson(root, value, resolveRef(root, schema.$ref), path));
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => typeMatches(value, t))) return [...errs, `${path}: expected ${types.join(' or ')}, got ${jsonType(value)}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => jsonEqual(e, value)))
    errs.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && !jsonEqual(schema.const, value)) errs.push(`${path}: must be ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && [...value].length < schema.minLength) errs.push(`${path}: shorter than ${schema.minLength}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      errs.push(`${path}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errs.push(`${path}: less than ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) errs.push(`${path}: more than ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) errs.push(`${path}: fewer than ${schema.minItems} items`);
    if (schema.uniqueItems === true && value.some((x, i) => value.findIndex((y) => jsonEqual(x, y)) !== i)) errs.push(`${path}: items are not unique`);
    if (schema.items !== undefined) for (const [i, x] of value.entries()) errs.push(...validateJson(root, x, schema.items, `${path}[${i}]`));
  }
  if (jsonType(value) === 'object') {
    const props = schema.properties ?? {};
    for (const key of schema.required ?? []) if (!Object.hasOwn(value, key)) errs.push(`${path}: missing "${key}"`);
    for (const [key, deps] of Object.entries(schema.dependentRequired ?? {})) {
      if (Object.hasOwn(value, key)) for (const d of deps) if (!Object.hasOwn(value, d)) errs.push(`${path}: "${key}" requires "${d}"`);
    }
    for (const key of Object.keys(value)) {
      const sub = `${path}.${key}`;
      if (Object.hasOwn(props, key)) errs.push(...validateJson(root, value[key], props[key], sub));
      else if (schema.additionalProperties === false) errs.push(`${path}: unexpected key "${key}"`);
      else if (schema.additionalProperties !== undefined) errs.push(...validateJson(root, value[key], schema.additionalProperties, sub));
    }
  }
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf) errs.push(...validateJson(root, value, s, path));
  if (Array.isArray(schema.oneOf)) {
    const results = schema.oneOf.map((s) => validateJson(root, value, s, path));
    const passing = results.filter((r) => r.length === 0).length;
    if (passing !== 1) {
      const detail = passing === 0 ? results.map((r) => r[0]).join('; or ') : `${passing} alternatives match`;
      errs.push(`${path}: must match exactly one alternative (${detail})`);
    }
  }
  if (schema.if !== undefined && schema.then !== undefined && validateJson(root, value, schema.if, path).length === 0) {
    errs.push(...validateJson(root, value, schema.then, path));
  }
  return errs;
}
