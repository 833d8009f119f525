/**
 * The parsed form of an RFC 9535 query: plain, readonly data that tools (editor
 * completion, "which paths does this expression read") can walk without knowing
 * how queries are evaluated. Every node records where it sits in the path text
 * (`offset`/`length`, UTF-16), the same convention as `JsonPathError`.
 *
 * A query is `$` (or `@` inside a filter) followed by segments. A segment is a
 * child segment (`.name`, `.*`, `[...]`) or, when `descendant` is true, a
 * descendant segment (`..name`, `..*`, `..[...]`) that applies its selectors to
 * the input node and every node below it.
 */
export interface SourceRange {
  readonly offset: number;
  readonly length: number;
}

export interface PathSegment extends SourceRange {
  /** `..` segment: the selectors apply to the input node and all its descendants. */
  readonly descendant: boolean;
  /** At least one; several for a union such as `['a', 0, 1:3]`. */
  readonly selectors: readonly Selector[];
}

export type Selector = NameSelector | IndexSelector | WildcardSelector | SliceSelector | FilterSelector;

/** `.name`, `['name']` or `["name"]`: the member of an object with that (decoded) name. */
export interface NameSelector extends SourceRange {
  readonly kind: 'name';
  readonly name: string;
  /** True when written as the `.name` shorthand (no brackets). */
  readonly shorthand: boolean;
}

/** `[3]`, `[-1]`: one array element; negative counts from the end. */
export interface IndexSelector extends SourceRange {
  readonly kind: 'index';
  readonly index: number;
}

/** `*`, `.*`, `[*]`: every element of an array or member value of an object. */
export interface WildcardSelector extends SourceRange {
  readonly kind: 'wildcard';
}

/** `[start:end:step]`; an omitted part is `null` (defaults depend on the sign of `step`). */
export interface SliceSelector extends SourceRange {
  readonly kind: 'slice';
  readonly start: number | null;
  readonly end: number | null;
  readonly step: number | null;
}

/** `[?expr]`: the children for which `expr` holds, with `@` bound to the child. */
export interface FilterSelector extends SourceRange {
  readonly kind: 'filter';
  readonly expr: LogicalExpr;
}

// ---- filter expressions ----------------------------------------------------

/** A logical expression (RFC 9535 LogicalType). Parentheses leave no node. */
export type LogicalExpr = OrExpr | AndExpr | NotExpr | ComparisonExpr | TestExpr;

export interface OrExpr extends SourceRange {
  readonly kind: 'or';
  readonly operands: readonly LogicalExpr[];
}

export interface AndExpr extends SourceRange {
  readonly kind: 'and';
  readonly operands: readonly LogicalExpr[];
}

export interface NotExpr extends SourceRange {
  readonly kind: 'not';
  readonly operand: LogicalExpr;
}

export type ComparisonOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export interface ComparisonExpr extends SourceRange {
  readonly kind: 'comparison';
  readonly op: ComparisonOp;
  readonly left: Comparable;
  readonly right: Comparable;
}

/** An existence test (`@.a`) or a LogicalType/NodesType function used as a test (`match(@, 'x')`). */
export interface TestExpr extends SourceRange {
  readonly kind: 'test';
  readonly operand: QueryExpr | FunctionExpr;
}

/** What may stand on either side of a comparison: always a single value or Nothing. */
export type Comparable = LiteralExpr | QueryExpr | FunctionExpr;

export interface LiteralExpr extends SourceRange {
  readonly kind: 'literal';
  readonly value: string | number | boolean | null;
}

/** An embedded query: `@...` (relative to the current node) or `$...` (absolute). */
export interface QueryExpr extends SourceRange {
  readonly kind: 'query';
  readonly root: '@' | '$';
  readonly segments: readonly PathSegment[];
  /** Only name and index selectors, no `..`: yields at most one node. */
  readonly singular: boolean;
}

/** The RFC 9535 function-extension types. */
export type ParamType = 'value' | 'logical' | 'nodes';

export interface FunctionExpr extends SourceRange {
  readonly kind: 'function';
  readonly name: string;
  /** Already checked against the declared parameter types. */
  readonly args: readonly FunctionArg[];
  /** The declared result type. */
  readonly result: ParamType;
}

export type FunctionArg = LiteralExpr | QueryExpr | FunctionExpr | LogicalExpr;

/** True when every segment is a child segment with one name or index selector (RFC 9535 singular query). */
export function isSingularSegments(segments: readonly PathSegment[]): boolean {
  for (const s of segments) {
    if (s.descendant || s.selectors.length !== 1) return false;
    const k = s.selectors[0]!.kind;
    if (k !== 'name' && k !== 'index') return false;
  }
  return true;
}
