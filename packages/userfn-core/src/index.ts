/**
 * @userfn/core — the public API, listed explicitly.
 */
export { parse, check, compile, evaluate, compileCached, Compiled, UserFnError } from './api/api.js';
export type { CheckResult, CompileOptions, EvaluateOptions } from './api/api.js';
export type { References, PathReference, FunctionReference } from './api/references.js';
export { collectReferences } from './api/references.js';
export { analyze, type Analysis } from './api/pipeline.js';

export { Datetime, Duration } from './values/time-values.js';
export type { Value, RuntimeTypeName } from './runtime/values.js';
export { typeName } from './runtime/values.js';

export { Codes, kindOfCode, type Code, type ErrorKind } from './diagnostics/codes.js';
export type { Diagnostic, Severity } from './diagnostics/diagnostic.js';
export type { Span, LocatedSpan } from './diagnostics/span.js';
export { LineIndex } from './diagnostics/line-index.js';

export { DEFAULT_LIMITS, type Limits } from './limits.js';
export { PROFILES, PROFILE_NAMES, isProfileName, type Profile, type ProfileName } from './profiles/profiles.js';
export { schemaType, lookupMember, itemsOf, type JsonSchema } from './profiles/schema.js';

export { BUILTINS, type FunctionTable } from './builtins/registry.js';
export { functionTable, type HostFunction, type HostFunctions } from './builtins/host.js';
export { signatureText, type BuiltinDecl, type Overload, type Example, type Category } from './builtins/define.js';
export { typeToString, T, type Type } from './types/type.js';

export type { Node, Call, Unary, Binary, Logical, Conditional, ListLiteral, StringLiteral, NumberLiteral, BooleanLiteral, NullLiteral, ErrorNode, BinaryOp, UnaryOp } from './ast/nodes.js';
export { walk, children } from './ast/nodes.js';
export { print, format } from './ast/printer.js';
export { tokenize, type LexToken, type TokenKind, type Comment, type ParseResult } from './syntax/index.js';

export { compilePath, tryCompilePath, formatNameSegment, type CompiledPath } from './jsonpath/index.js';
export { suggest } from './util/suggest.js';
export * from './rules/index.js';
export * from './batch/index.js';
