/**
 * A configured sample context adds to the context schema (it never replaces
 * it): every member found in the sample becomes a declared property, so
 * completion offers it, hover finds it and the checker does not warn about it.
 * Leaf types are not inferred from one sample (the next session may differ);
 * only the object/array shape is.
 */
import { lookupMember, itemsOf, type JsonSchema } from '@userfn/core';

/** Bounds, so a huge sample costs a bounded amount of work. */
const MAX_DEPTH = 24;
const MAX_KEYS = 1000;
const MAX_ITEMS = 50;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The schema extended with the members of one sample value. */
export function extendWithSample(schema: JsonSchema | undefined, sample: unknown, depth = 0): JsonSchema | undefined {
  if (depth > MAX_DEPTH) return schema;
  if (Array.isArray(sample)) {
    let items = itemsOf(schema);
    for (const item of sample.slice(0, MAX_ITEMS)) items = extendWithSample(items, item, depth + 1);
    return items === undefined ? schema : { ...schema, items };
  }
  if (!isPlainObject(sample)) return schema;
  const properties: Record<string, JsonSchema> = { ...(schema?.properties ?? {}) };
  for (const key of Object.keys(sample).slice(0, MAX_KEYS)) {
    const found = lookupMember(schema, key);
    const member = found.kind === 'declared' ? found.schema : undefined;
    properties[key] = extendWithSample(member, sample[key], depth + 1) ?? {};
  }
  // A schema that listed no properties was open: it must stay open, or every
  // member the sample happens to lack would become "undeclared".
  const wasOpen = schema?.properties === undefined;
  const additionalProperties = wasOpen ? (schema?.additionalProperties ?? true) : schema?.additionalProperties;
  const out: { -readonly [K in keyof JsonSchema]: JsonSchema[K] } = { ...schema, properties };
  if (additionalProperties !== undefined) out.additionalProperties = additionalProperties;
  return out;
}
