import { sha256Hex } from './sha256.js';
import type { RuleSet, RuleSetDefinition, RuleSetVersion } from './types.js';

/**
 * JSON with every object's keys sorted (arrays keep their order): the same
 * text for the same content, however the file was laid out or its keys
 * ordered.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash of a rule set's definition: `sha256:` and the first 16 hex digits of SHA-256 of its canonical JSON. */
export function definitionHash(definition: RuleSetDefinition): string {
  return `sha256:${sha256Hex(canonicalJson(definition)).slice(0, 16)}`;
}

const versions = new WeakMap<RuleSet, RuleSetVersion>();

/**
 * Which rule set produced a result: its `name` (null without one) and the
 * hash of what was loaded — the definition with defaults applied (profile,
 * name, description, max_retries, every rule's fields), so whitespace,
 * comments, key order, JSON or YAML, and a default written out or left
 * implicit do not change it, and any change to what a rule checks or
 * weighs does. Computed once per rule set, on first use.
 */
export function ruleSetVersion(ruleSet: RuleSet): RuleSetVersion {
  let v = versions.get(ruleSet);
  if (!v) {
    v = Object.freeze({ name: ruleSet.definition.name ?? null, hash: definitionHash(ruleSet.definition) });
    versions.set(ruleSet, v);
  }
  return v;
}
