import type { Severity } from '../common/diagnostics/diagnostic.js';
import type { Span } from '../common/diagnostics/span.js';

/**
 * How a string scalar was written, so an offset inside its value can be
 * mapped back to the file and text can be written into it: `json` (a JSON
 * string), and YAML's `plain`, `single` ('…', with '' for a quote), `double`
 * ("…", with backslash escapes), `literal` (|) and `folded` (>).
 */
export type ScalarStyle = 'json' | 'plain' | 'single' | 'double' | 'literal' | 'folded';

/**
 * A JSON or YAML document as the validator sees it: values with the span of
 * their source text (absent for a rule set given as an object). One shape for
 * both formats, so validation is written once.
 */
export type Located = LocatedObject | LocatedArray | LocatedScalar | LocatedOther;

export interface LocatedObject {
  readonly kind: 'object';
  readonly span?: Span;
  /** In source order; a repeated key appears twice. */
  readonly entries: readonly LocatedEntry[];
  /** The text broke (a syntax error) before the object's end: a field may be absent only because it was not read. */
  readonly incomplete?: boolean;
}

export interface LocatedEntry {
  readonly key: string;
  readonly keySpan?: Span;
  readonly value: Located;
}

export interface LocatedArray {
  readonly kind: 'array';
  readonly span?: Span;
  readonly items: readonly Located[];
  /** The text broke (a syntax error) before the list's end. */
  readonly incomplete?: boolean;
}

export interface LocatedScalar {
  readonly kind: 'scalar';
  readonly span?: Span;
  readonly value: string | number | boolean | null;
  /** For strings read from a text: how they were written (absent for a YAML alias: its text is at the anchor). */
  readonly style?: ScalarStyle;
}

/** A value that is not JSON (a function, a Date, a YAML tag…): only its description matters. */
export interface LocatedOther {
  readonly kind: 'other';
  readonly span?: Span;
  readonly description: string;
}

/** A syntax problem of a rule-set text (a YAML warning is one too), at a span of the file. */
export interface SyntaxProblem {
  readonly message: string;
  readonly span: Span;
  readonly severity: Severity;
}

/**
 * A JSON or YAML text read into a located tree: as much of the tree as could
 * be read (an editor still checks what comes before a syntax error) and every
 * syntax problem.
 */
export interface ParsedText {
  readonly root: Located | undefined;
  readonly problems: readonly SyntaxProblem[];
}

/** A short name of a located value's type, for messages. */
export function describeLocated(v: Located): string {
  switch (v.kind) {
    case 'object':
      return 'an object';
    case 'array':
      return 'a list';
    case 'other':
      return v.description;
    default:
      return v.value === null ? 'null' : typeof v.value === 'string' ? 'a string' : typeof v.value === 'number' ? 'a number' : 'a boolean';
  }
}

// A rule set is only read five levels deep (document, rules, rule fields,
// judge fields, include entries): deeper values are never inspected, so a
// cyclic object cannot recurse forever.
const MAX_PLAIN_DEPTH = 5;

/** Wraps a plain JS value (a rule set given as an object) without positions. */
export function locatePlain(value: unknown, depth = 0): Located {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return { kind: 'scalar', value };
  if (typeof value !== 'object') return { kind: 'other', description: `a ${typeof value}` };
  if (depth >= MAX_PLAIN_DEPTH) return Array.isArray(value) ? { kind: 'array', items: [] } : { kind: 'object', entries: [] };
  if (Array.isArray(value)) return { kind: 'array', items: value.map((v) => locatePlain(v, depth + 1)) };
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return { kind: 'other', description: `a ${(value as object).constructor?.name ?? 'non-plain object'}` };
  const entries: LocatedEntry[] = [];
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    // An undefined property is what JSON.stringify drops: it is absent.
    if (v !== undefined) entries.push({ key, value: locatePlain(v, depth + 1) });
  }
  return { kind: 'object', entries };
}
