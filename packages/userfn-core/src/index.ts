/**
 * @userfn/core — the language, listed explicitly: parse, check, compile,
 * evaluate, explain, JSONPath, rule sets as data and their verification, and
 * the NeMo Gym rollout mapping. Browser-safe: nothing reachable from here
 * imports a `node:` module (test/entries.test.ts keeps it so). Batch
 * verification, the HTTP server and the CLI are Node-only: `@userfn/core/node`.
 */
export { parse, check, compile, evaluate, compileCached, analyze, UserFnError } from './api/api.js';
export type { Analysis, CheckResult, Compiled, CompileOptions, EvaluateOptions } from './api/api.js';
export type { Explanation, ExplainNode } from './language/explain/explain.js';
export type { References, PathReference, FunctionReference } from './api/references.js';
export { collectReferences } from './api/references.js';

export { Datetime, Duration } from './common/values/time-values.js';
export type { Value, RuntimeTypeName } from './common/values/values.js';
export { typeName } from './common/values/values.js';

export { Codes, kindOfCode, type Code, type ErrorKind } from './common/diagnostics/codes.js';
export type { Diagnostic, Severity } from './common/diagnostics/diagnostic.js';
export type { Span, LocatedSpan } from './common/diagnostics/span.js';
export { LineIndex } from './common/diagnostics/line-index.js';

export { DEFAULT_LIMITS, type Limits } from './common/limits.js';
export { PROFILES, PROFILE_NAMES, isProfileName, type Profile, type ProfileName } from './common/profiles/profiles.js';
export { schemaType, lookupMember, itemsOf, type JsonSchema } from './common/profiles/schema.js';

export { BUILTINS, functionTable, type FunctionTable } from './api/functions.js';
export type { HostFunction, HostFunctions } from './runtime/builtins/host.js';
export { signatureText, type BuiltinInfo, type Signature, type Param, type Example, type Category } from './runtime/builtins/define.js';
export { typeToString, T, type Type } from './common/types/type.js';

export type {
  Node,
  Call,
  Unary,
  Binary,
  Logical,
  Conditional,
  ListLiteral,
  StringLiteral,
  NumberLiteral,
  BooleanLiteral,
  NullLiteral,
  ErrorNode,
  BinaryOp,
  UnaryOp,
} from './common/ast/nodes.js';
export { walk, children } from './common/ast/nodes.js';
export { print, format } from './language/format/printer.js';
export { tokenize, type LexToken, type TokenKind, type Comment, type ParseResult } from './language/syntax/index.js';

export { compilePath, tryCompilePath, formatNameSegment, type CompiledPath } from './runtime/jsonpath/index.js';
export { suggest } from './common/diagnostics/suggest.js';
export * from './rules/index.js';
export { NemoGymInputError, nemoGymToContext, type NemoGymContext, type NemoGymResponseInfo, type NemoGymToolCall, type JsonValue } from './rules/nemo-gym.js';
