/**
 * RFC 9535 JSONPath, compiled to closures. `compilePath` parses once; the
 * returned object's `select`/`get`/`exists` only evaluate. Singular paths
 * (`$.a.b`, `$.list[0]`) get a specialised, allocation-free getter.
 */
export type {
  AndExpr,
  Comparable,
  ComparisonExpr,
  ComparisonOp,
  FilterSelector,
  FunctionArg,
  FunctionExpr,
  IndexSelector,
  LiteralExpr,
  LogicalExpr,
  NameSelector,
  NotExpr,
  OrExpr,
  ParamType,
  PathSegment,
  QueryExpr,
  Selector,
  SliceSelector,
  SourceRange,
  TestExpr,
  WildcardSelector,
} from './ast.js';
export type { VisitBudget } from './budget.js';
export { defaultBudget } from './budget.js';
export type { CompiledPath } from './compile-path.js';
export { compilePath, tryCompilePath } from './compile-path.js';
export type { JsonPathError } from './errors.js';
export { JsonPathLimitError, JsonPathSyntaxError } from './errors.js';
export { formatNameSegment, quoteName } from './format.js';
export type { FunctionDeclaration } from './functions.js';
export { listFunctions } from './functions.js';
export { MAX_FILTER_NESTING } from './lexer.js';
