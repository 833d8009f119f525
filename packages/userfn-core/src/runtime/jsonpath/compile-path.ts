import { isSingularSegments, type PathSegment } from './ast.js';
import { defaultBudget, type VisitBudget } from './budget.js';
import { compileSegments } from './compile-query.js';
import { compileSingularGet, singularKeys } from './compile-singular.js';
import { JsonPathSyntaxError, type JsonPathError } from './errors.js';
import { parseQuery } from './parser.js';

/** A query parsed and compiled once; evaluating it does no parsing. */
export interface CompiledPath {
  /** The path text. */
  readonly source: string;
  /** RFC 9535 singular query: only name and index selectors (e.g. `$.a.b`, `$['a b']`, `$.list[0]`, `$.list[-1]`). */
  readonly singular: boolean;
  /** The parsed query (for tools: editor completion, listing paths an expression reads). */
  readonly segments: readonly PathSegment[];
  /** All matched values in document order (the nodelist). Never mutates `root`. */
  select(root: unknown, budget?: VisitBudget): unknown[];
  /** For singular paths: the value, or `undefined` when absent. For non-singular paths: same as select(). */
  get(root: unknown): unknown;
  /** True when the query matches at least one node (a present null counts). */
  exists(root: unknown, budget?: VisitBudget): boolean;
}

/** Parses and compiles an RFC 9535 query; throws JsonPathSyntaxError for an invalid one. */
export function compilePath(path: string): CompiledPath {
  if (typeof path !== 'string') throw new JsonPathSyntaxError('a JSONPath query must be a string', 0, 0);
  const segments = parseQuery(path);
  const singular = isSingularSegments(segments);
  if (singular) {
    // get is the specialised getter itself: no wrapper call on the hot path.
    // At most one node per segment is read, so the budget is not consulted.
    const get = compileSingularGet(singularKeys(segments));
    return Object.freeze({
      source: path,
      singular,
      segments,
      get,
      select: (root: unknown): unknown[] => {
        const v = get(root);
        return v === undefined ? [] : [v];
      },
      exists: (root: unknown): boolean => get(root) !== undefined,
    });
  }
  const run = compileSegments(segments);
  const select = (root: unknown, budget?: VisitBudget): unknown[] => run(root, { root, budget: budget ?? defaultBudget() });
  return Object.freeze({
    source: path,
    singular,
    segments,
    get: (root: unknown): unknown => select(root),
    select,
    exists: (root: unknown, budget?: VisitBudget): boolean => select(root, budget).length > 0,
  });
}

/** Like compilePath, but returns the syntax error as data instead of throwing it. */
export function tryCompilePath(path: string): { ok: true; path: CompiledPath } | { ok: false; error: JsonPathError } {
  try {
    return { ok: true, path: compilePath(path) };
  } catch (e) {
    if (e instanceof JsonPathSyntaxError) return { ok: false, error: e.toJsonPathError() };
    throw e;
  }
}
