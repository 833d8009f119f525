import type { Call, Node } from '../../common/ast/nodes.js';
import type { Code } from '../../common/diagnostics/codes.js';
import type { Diagnostic } from '../../common/diagnostics/diagnostic.js';
import type { Span } from '../../common/diagnostics/span.js';
import type { Limits } from '../../common/limits.js';
import type { ProfileName } from '../../common/profiles/profiles.js';
import type { JsonSchema } from '../../common/profiles/schema.js';
import type { Runtime } from '../core/runtime.js';
import type { Value } from '../../common/values/values.js';
import type { Datetime, Duration } from '../../common/values/time-values.js';
import type { Type } from '../../common/types/type.js';
import { typeToString } from '../../common/types/type.js';

/** A closure compiled from a node: evaluates it against one runtime. */
export type Closure = (rt: Runtime) => Value;

export interface Param<T extends Type = Type> {
  readonly name: string;
  /** `T.dyn` accepts any value. */
  readonly type: T;
}

/**
 * What an argument of a declared type is when the implementation runs: the
 * dispatcher only calls an overload whose parameters the run-time values fit
 * (`valueFits` in dispatch.ts), so the declaration is the implementation's type.
 */
export type ValueOf<T extends Type> = T extends { readonly kind: 'number' }
  ? number
  : T extends { readonly kind: 'string' }
    ? string
    : T extends { readonly kind: 'boolean' }
      ? boolean
      : T extends { readonly kind: 'datetime' }
        ? Datetime
        : T extends { readonly kind: 'duration' }
          ? Duration
          : T extends { readonly kind: 'null' }
            ? null
            : T extends { readonly kind: 'list' }
              ? readonly Value[]
              : T extends { readonly kind: 'object' }
                ? { readonly [key: string]: Value }
                : Value;

/** The argument tuple of declared parameters (and a variadic tail of `X`); `N` is `null` for a null-aware builtin, else `never`. */
export type ArgsOf<P extends readonly Param[], X extends Type, N> = [X] extends [never]
  ? ParamValues<P, N>
  : readonly [...ParamValues<P, N>, ...(ValueOf<X> | N)[]];

type ParamValues<P extends readonly Param[], N> = { readonly [K in keyof P]: P[K] extends Param<infer T> ? ValueOf<T> | N : never };

/** A signature: what the checker, the editor and the docs read. */
export interface Signature {
  readonly params: readonly Param[];
  /** A variadic tail: zero or more further arguments of this type. */
  readonly rest?: Param;
  readonly returns: Type;
}

/**
 * A signature with its implementation, erased to plain values: what the
 * dispatcher calls. Arguments arrive already checked against `params` (and,
 * unless the builtin is null-aware, never null). A builtin signals a
 * user-facing failure by throwing a BareFault; the caller adds the call site.
 * Declarations write it through `overload()`, typed from the parameters.
 */
export interface Overload extends Signature {
  readonly impl: (args: readonly Value[], rt: Runtime) => Value;
}

/** An overload as written: `impl` is typed from `params`, `rest` and `returns`. */
export interface TypedOverload<P extends readonly Param[], R extends Type, X extends Type, N> {
  readonly params: P;
  readonly rest?: Param<X>;
  readonly returns: R;
  /** Every type admits null (the null rules), so any implementation may give it. */
  readonly impl: (args: ArgsOf<P, X, N>, rt: Runtime) => ValueOf<R> | null;
}

/** Overloads written with nullAwareOverload(): defineBuiltin() checks they are exactly a null-aware builtin's. */
const receivesNull = new WeakSet<Overload>();

/**
 * One overload of a builtin, its implementation typed from its declared
 * parameters (`([x]) => Math.abs(x)` sees a number), as cel-es types a function
 * from its declaration. The one erasure to `Value[]` is here, and it is sound
 * because the dispatcher checks every argument against `params` first.
 */
export function overload<const P extends readonly Param[], R extends Type, X extends Type = never>(o: TypedOverload<P, R, X, never>): Overload {
  return oneShape(OVERLOAD_FIELDS, o as unknown as Overload);
}

/** An overload of a null-aware builtin: its arguments may be null. */
export function nullAwareOverload<const P extends readonly Param[], R extends Type, X extends Type = never>(o: TypedOverload<P, R, X, null>): Overload {
  const erased = oneShape(OVERLOAD_FIELDS, o as unknown as Overload);
  receivesNull.add(erased);
  return erased;
}

/**
 * A copy of `o` with every field of `fields` first, in its order (undefined
 * where `o` has none), then any others of `o`. Overloads and declarations are
 * object literals that each name the fields they use; the checker and the
 * compiler read every builtin's (`o.rest`, `decl.check`, `decl.compile`…) at
 * the same sites, which went megamorphic over that many shapes: made one
 * shape here (a lazy builtin's signatures too, in defineBuiltin), as the
 * AST's nodes are (language/syntax/ast-builder.ts).
 */
function oneShape<T extends object>(fields: Readonly<Record<string, undefined>>, o: T): T {
  return { ...fields, ...o };
}

const OVERLOAD_FIELDS: Readonly<Record<keyof Overload, undefined>> = { params: undefined, rest: undefined, returns: undefined, impl: undefined };

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

/** What a check hook sees: the call, its argument types, and ways to report and keep data (`D`) for the compiler. */
export interface CheckHookContext<D = unknown> {
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
  setData(data: D): void;
}

/** What a compile hook sees: the argument closures and the check hook's data (undefined when it kept none). */
export interface CompileHookContext<D = unknown> {
  readonly call: Call;
  readonly args: readonly Closure[];
  readonly argNodes: readonly Node[];
  readonly data: D | undefined;
  readonly limits: Limits;
  /** The generic call (null rules, runtime overload choice, or the lazy call): what a specialisation falls back to. */
  readonly generic: Closure;
}

/** A short-circuiting implementation: the arguments arrive unevaluated, as thunks. */
export type LazyImpl = (args: ReadonlyArray<() => Value>, rt: Runtime, span: Span) => Value;

/** A raw own-property reader of the context (what it gives has not passed fromContext). */
export type ContextReader = (ctx: unknown) => unknown;

/** What every builtin declares, whatever its implementation: what the editor and the docs read. */
export interface BuiltinInfo {
  readonly name: string;
  readonly category: Category;
  /** Markdown, first sentence is the summary shown in completion lists. */
  readonly doc: string;
  readonly overloads: readonly Signature[];
  readonly examples: readonly Example[];
  /** Profiles the builtin is available in (all when absent). */
  readonly profiles?: readonly ProfileName[];
}

interface Hooks<D> {
  /** Special static checks (a literal JSONPath, a literal regex); may refine the result type. */
  check?(ctx: CheckHookContext<D>): Type | undefined;
  /** A specialised closure (a precompiled singular path); undefined falls back to the generic call. */
  compile?(ctx: CompileHookContext<D>): Closure | undefined;
  /**
   * "I read the context": for a call whose check hook kept `data`, the raw
   * reader of the one value it reads, so the compiler can fuse a comparison
   * with a literal (`get('$.x') == 'a'`) into one closure that skips the
   * builtin's own; undefined when this call cannot be read that way.
   */
  contextReader?(data: D | undefined, argCount: number): ContextReader | undefined;
}

/** A builtin that receives its evaluated arguments: one implementation per overload. */
export interface EagerBuiltin<D = unknown> extends BuiltinInfo, Hooks<D> {
  readonly overloads: readonly Overload[];
  /** Receives null arguments instead of returning null for them (its overloads are nullAwareOverload()s). */
  readonly nullAware?: boolean;
  readonly lazy?: undefined;
}

/**
 * A short-circuiting builtin (`coalesce`): one implementation over thunks,
 * and signatures without implementations, for the checker and the editor.
 * Null-aware by nature.
 */
export interface LazyBuiltin<D = unknown> extends BuiltinInfo, Hooks<D> {
  readonly overloads: readonly Signature[];
  readonly lazy: LazyImpl;
  readonly nullAware?: true;
}

export type BuiltinDecl<D = unknown> = EagerBuiltin<D> | LazyBuiltin<D>;

/**
 * Declares a builtin: the one place its signatures, docs, examples and
 * implementation live. `D` is what its check hook keeps for its compile hook
 * and context reader; the table holds declarations with their data erased,
 * which is sound because a call's data only ever comes from its own
 * declaration's check hook. Throws when an eager builtin's overloads disagree
 * with its `nullAware` flag (a programming error, caught when the module loads).
 */
export function defineBuiltin<D = never>(decl: BuiltinDecl<D>): BuiltinDecl {
  if (!decl.lazy) {
    for (const o of decl.overloads) {
      if (receivesNull.has(o) !== (decl.nullAware === true)) {
        throw new Error(
          `builtin ${decl.name}: ${decl.nullAware ? 'a null-aware builtin declares its overloads with nullAwareOverload()' : 'nullAwareOverload() needs nullAware: true'}`,
        );
      }
    }
  }
  // a lazy builtin's signatures are plain literals (no implementation to type): one shape too
  const shaped = decl.lazy ? { ...decl, overloads: decl.overloads.map((o) => oneShape(OVERLOAD_FIELDS, o)) } : decl;
  return Object.freeze(oneShape(DECL_FIELDS, shaped)) as BuiltinDecl;
}

const DECL_FIELDS: Readonly<Record<keyof EagerBuiltin | keyof LazyBuiltin, undefined>> = {
  name: undefined,
  category: undefined,
  doc: undefined,
  overloads: undefined,
  examples: undefined,
  profiles: undefined,
  nullAware: undefined,
  lazy: undefined,
  check: undefined,
  compile: undefined,
  contextReader: undefined,
};

/** `name(a: number, b: number, ...rest: number) -> number` */
export function signatureText(name: string, o: Signature): string {
  const ps = o.params.map((p) => `${p.name}: ${typeToString(p.type)}`);
  if (o.rest) ps.push(`...${o.rest.name}: ${typeToString(o.rest.type)}`);
  return `${name}(${ps.join(', ')}) -> ${typeToString(o.returns)}`;
}

/** Does an overload take `n` arguments? */
export function acceptsArity(o: Signature, n: number): boolean {
  return o.rest ? n >= o.params.length : n === o.params.length;
}

/** The declared type of argument `i` under an overload. */
export function paramType(o: Signature, i: number): Type {
  return i < o.params.length ? o.params[i]!.type : o.rest!.type;
}

/** Shorthand for parameter lists: `p('x', T.number)`. */
export function p<T extends Type>(name: string, type: T): Param<T> {
  return { name, type };
}

/** A call resolved by the checker: its declaration, the overloads still possible, and hook data. */
export type ResolvedCall = EagerCall | LazyCall;

export interface EagerCall {
  readonly decl: EagerBuiltin;
  /** Overloads that fit the static argument types (several when some are dynamic). */
  readonly candidates: readonly Overload[];
  readonly data: unknown;
}

export interface LazyCall {
  readonly decl: LazyBuiltin;
  readonly candidates: readonly Signature[];
  readonly data: unknown;
}

/**
 * The resolved call of `decl` to `candidates`: those of its own overloads the
 * arguments fit, in declaration order (so an eager builtin's are Overloads).
 */
export function resolvedCall(decl: BuiltinDecl, candidates: readonly Signature[], data: unknown): ResolvedCall {
  return decl.lazy ? { decl, candidates, data } : { decl, candidates: candidates as readonly Overload[], data };
}

export function isLazyCall(call: ResolvedCall): call is LazyCall {
  return call.decl.lazy !== undefined;
}
