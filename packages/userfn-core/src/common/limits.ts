/**
 * Every resource limit, with its default. Hosts may change any of them through
 * the `limits` option; exceeding one is a `limit` error (codes UF40xx), never a
 * stack overflow, a hang or an out-of-memory. SECURITY.md lists them too.
 */
export interface Limits {
  /** Longest source accepted, in UTF-16 code units. */
  readonly maxSourceLength: number;
  /**
   * Deepest nesting of the AST (parentheses, lists, calls, operators, conditionals).
   * Capped whatever it says: the parser takes 200 levels of brackets and
   * conditionals (PARSER_NESTING_CAP), check/compile 1,000 levels in all
   * (EVALUATION_NESTING_CAP, src/language/syntax/limits-guard.ts).
   */
  readonly maxDepth: number;
  /** Most AST nodes in one expression. */
  readonly maxNodes: number;
  /** Longest string an expression may produce (code units). */
  readonly maxStringLength: number;
  /** Longest list an expression may produce (including JSONPath results). */
  readonly maxListLength: number;
  /**
   * Deepest context value a traversal (equality, `..`, to_string) will walk; also
   * how deep the JSON text given to parse_json / json_get may nest (the outermost
   * list or object is level 1), checked on the text before it is parsed.
   */
  readonly maxContextDepth: number;
  /** Most nodes a single JSONPath query or deep traversal may visit. */
  readonly maxVisits: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxSourceLength: 100_000,
  maxDepth: 200,
  maxNodes: 20_000,
  maxStringLength: 1_000_000,
  maxListLength: 100_000,
  maxContextDepth: 1_000,
  maxVisits: 1_000_000,
});

/** Complete limits: the defaults with the host's changes (the defaults themselves when there are none). */
export function resolveLimits(partial?: Partial<Limits>): Limits {
  if (partial === undefined || partial === DEFAULT_LIMITS) return DEFAULT_LIMITS;
  return Object.freeze({ ...DEFAULT_LIMITS, ...partial });
}
