import type { Call, Node } from '../../common/ast/nodes.js';
import type { Code } from '../../common/diagnostics/codes.js';
import type { Diagnostic } from '../../common/diagnostics/diagnostic.js';
import type { Span } from '../../common/diagnostics/span.js';
import type { Limits } from '../../common/limits.js';
import type { ProfileName } from '../../common/profiles/profiles.js';
import type { JsonSchema } from '../../common/profiles/schema.js';
import type { Runtime } from '../core/runtime.js';
import type { Value } from '../../common/values/values.js';
import type { Type } from '../../common/types/type.js';
import { typeToString } from '../../common/types/type.js';

/** A closure compiled from a node: evaluates it against one runtime. */
export type Closure = (rt: Runtime) => Value;

export interface Param {
  readonly name: string;
  /** `T.dyn` accepts any value. */
  readonly type: Type;
}

export interface Overload {
  readonly params: readonly Param[];
  /** A variadic tail: zero or more further arguments of this type. */
  readonly rest?: Param;
  readonly returns: Type;
  /**
   * The implementation. Arguments arrive already checked against `params`
   * (and, unless the builtin is null-aware, never null). A builtin signals a
   * user-facing failure by throwing a BareFault; the caller adds the call site.
   */
  readonly impl: (args: Value[], rt: Runtime) => Value;
}

/** An example in the docs; every example also runs as a test. */
export interface Example {
  readonly expr: string;
  /** The expected value as JSON (datetimes/durations as their ISO text). */
  readonly result?: unknown;
  /** Or the expected error code. */
  readonly error?: Code;
  readonly context?: unknown;
  readonly profile?: ProfileName;
  readonly now?: string;
}

export type Category = 'context' | 'logic' | 'time' | 'math' | 'string' | 'list' | 'conversion' | 'agent' | 'host';

/** What a check hook sees: the call, its argument types, and ways to report and keep data for the compiler. */
export interface CheckHookContext {
  readonly call: Call;
  readonly argTypes: readonly Type[];
  readonly schema: JsonSchema | undefined;
  readonly profile: ProfileName;
  report(d: Diagnostic): void;
  /** The decoded value of argument `i` when it is a string literal. */
  literal(i: number): string | undefined;
  /** The source span of character `offset`..`offset+length` inside the string literal argument `i`. */
  literalSpan(i: number, offset: number, length: number): Span;
  /** Keeps data (a compiled path, a compiled regex) for the compiler, keyed by this call. */
  setData(data: unknown): void;
}

/** What a compile hook sees: the argument closures and the check hook's data. */
export interface CompileHookContext {
  readonly call: Call;
  readonly args: readonly Closure[];
  readonly argNodes: readonly Node[];
  readonly argTypes: readonly Type[];
  readonly resultType: Type;
  readonly data: unknown;
  readonly limits: Limits;
  /** The generic call (null rules, runtime overload choice): what a specialisation falls back to. */
  readonly generic: Closure;
}

export interface BuiltinDecl {
  readonly name: string;
  readonly category: Category;
  /** Markdown, first sentence is the summary shown in completion lists. */
  readonly doc: string;
  readonly overloads: readonly Overload[];
  readonly examples: readonly Example[];
  /** Receives null arguments instead of returning null for them. */
  readonly nullAware?: boolean;
  /**
   * Receives its arguments unevaluated (thunks), for short-circuiting
   * builtins such as `coalesce`. Implies null-aware.
   */
  readonly lazy?: (args: ReadonlyArray<() => Value>, rt: Runtime, span: Span) => Value;
  /** Profiles the builtin is available in (all when absent). */
  readonly profiles?: readonly ProfileName[];
  /** Special static checks (a literal JSONPath, a literal regex); may refine the result type. */
  readonly check?: (ctx: CheckHookContext) => Type | undefined;
  /** A specialised closure (a precompiled singular path); undefined falls back to the generic call. */
  readonly compile?: (ctx: CompileHookContext) => Closure | undefined;
}

/** Declares a builtin: the one place its signatures, docs, examples and implementation live. */
export function defineBuiltin(decl: BuiltinDecl): BuiltinDecl {
  return Object.freeze(decl);
}

/** `name(a: number, b: number, ...rest: number) -> number` */
export function signatureText(name: string, o: Overload): string {
  const ps = o.params.map((p) => `${p.name}: ${typeToString(p.type)}`);
  if (o.rest) ps.push(`...${o.rest.name}: ${typeToString(o.rest.type)}`);
  return `${name}(${ps.join(', ')}) -> ${typeToString(o.returns)}`;
}

/** Does an overload take `n` arguments? */
export function acceptsArity(o: Overload, n: number): boolean {
  return o.rest ? n >= o.params.length : n === o.params.length;
}

/** The declared type of argument `i` under an overload. */
export function paramType(o: Overload, i: number): Type {
  return i < o.params.length ? o.params[i]!.type : o.rest!.type;
}

/** Shorthand for parameter lists: `p('x', T.number)`. */
export function p(name: string, type: Type): Param {
  return { name, type };
}

/** A call resolved by the checker: its declaration, the overloads still possible, and hook data. */
export interface ResolvedCall {
  readonly decl: BuiltinDecl;
  /** Overloads that fit the static argument types (several when some are dynamic). */
  readonly candidates: readonly Overload[];
  readonly data: unknown;
}
