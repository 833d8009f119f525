import type { Closure } from '../runtime/builtins/define.js';
import type { Checked } from '../language/checker/checker.js';
import { compileChecked } from '../language/compiler/compile.js';
import { Codes } from '../common/diagnostics/codes.js';
import type { Diagnostic } from '../common/diagnostics/diagnostic.js';
import { buildTree, falseReason, renderTree, traceEvaluation, type Explanation } from '../language/explain/explain.js';
import { interpret } from '../language/interpreter/interpret.js';
import type { Limits } from '../common/limits.js';
import { PROFILES, type ProfileName } from '../common/profiles/profiles.js';
import { Fault } from '../runtime/core/fault.js';
import { Runtime } from '../runtime/core/runtime.js';
import { typeName, type Value } from '../common/values/values.js';
import { isOpen, typeToString, type Type } from '../common/types/type.js';
import { clockMs } from './clock.js';
import { optionError, toUserFnError } from './errors.js';
import type { EvaluateOptions } from './options.js';
import { collectReferences, type References } from './references.js';

/**
 * A compiled expression: closures built once, evaluated many times. Never
 * mutates the context; every failure is a UserFnError. Made by `compile()`
 * (and `compileCached()`, `evaluate()`, rule set loading), never by users.
 */
export interface Compiled {
  /** The source text, as compiled. */
  readonly source: string;
  readonly profile: ProfileName;
  /** The static result type, e.g. `boolean`, `number`, `dyn`. */
  readonly type: string;
  /** Warnings (a compiled expression has no errors). */
  readonly diagnostics: readonly Diagnostic[];
  /** The limits it was compiled with, which every evaluation applies. */
  readonly limits: Limits;
  /** The literal paths and the functions this expression uses. */
  readonly references: References;
  evaluate(context: unknown, options?: EvaluateOptions): Value;
  interpret(context: unknown, options?: EvaluateOptions): Value;
  explain(context: unknown, options?: EvaluateOptions): Explanation;
}

/** Builds a compiled expression from a checked tree: the one way the package makes a `Compiled`. */
export function createCompiled(
  source: string,
  profile: ProfileName,
  checked: Checked,
  limits: Limits,
  diagnostics: readonly Diagnostic[],
  defaultNowMs: number | undefined,
): CompiledExpression {
  return new CompiledExpression(source, profile, checked, limits, diagnostics, defaultNowMs);
}

/**
 * The machinery behind a `Compiled`, for the package's own tools (rule
 * verification's explanations, batch workers that ship the syntax tree).
 * Throws a TypeError for an object `compile()` did not make.
 */
export function internalsOf(c: Compiled): CompiledExpression {
  if (!(c instanceof CompiledExpression)) throw new TypeError('not a compiled expression made by @userfn/core');
  return c;
}

/** The one implementation of `Compiled`; only createCompiled() makes it. */
class CompiledExpression implements Compiled {
  readonly type: string;
  readonly diagnostics: readonly Diagnostic[];
  private readonly root: Closure;
  private readonly needsResultCheck: boolean;
  private referencesCache: References | undefined;
  /** The runtime evaluate() reuses (with the default clock); while it is in use (`busy`), a re-entrant call gets its own. */
  private readonly shared: Runtime;
  private busy = false;

  constructor(
    readonly source: string,
    readonly profile: ProfileName,
    /** The checked AST and its side tables (for tools and the reference interpreter). */
    readonly checked: Checked,
    readonly limits: Limits,
    diagnostics: readonly Diagnostic[],
    private readonly defaultNowMs: number | undefined,
  ) {
    this.type = typeToString(checked.type);
    this.diagnostics = diagnostics;
    try {
      this.root = compileChecked(checked, limits);
    } catch (e) {
      // A stack overflow (only from a host's very deep caller: analyze() caps the depth) becomes UF4002.
      throw toUserFnError(e, source, checked.ast.span);
    }
    this.needsResultCheck = PROFILES[profile].result.kind !== 'dyn' && isOpen(checked.type);
    this.shared = new Runtime(undefined, limits, defaultNowMs);
  }

  get references(): References {
    return (this.referencesCache ??= collectReferences(this.checked.ast));
  }

  evaluate(context: unknown, options?: EvaluateOptions): Value {
    // A call re-entered from a host function during an evaluation gets a runtime of its own.
    if (this.busy) return this.evaluateAlone(context, options);
    // Otherwise the expression's one runtime, reused; no `finally` (it cost
    // about 1 ns of the 8-10 a simple rule takes): both exits release it.
    const rt = this.shared;
    // a bad clock throws here, before the runtime is taken
    const clocked = options?.now !== undefined;
    if (clocked) rt.useClock(this.clock(options.now!));
    this.busy = true;
    rt.ctx = context;
    let v: Value;
    try {
      v = this.root(rt);
      if (this.needsResultCheck) v = this.checkResult(v);
    } catch (e) {
      this.release(clocked);
      throw toUserFnError(e, this.source, this.checked.ast.span);
    }
    this.release(clocked);
    return v;
  }

  private release(clocked: boolean): void {
    this.shared.release();
    if (clocked) this.shared.useClock(this.defaultNowMs);
    this.busy = false;
  }

  /** An evaluation with a runtime of its own (re-entered by a host function during an evaluation). */
  private evaluateAlone(context: unknown, options: EvaluateOptions | undefined): Value {
    const rt = this.runtime(context, options);
    try {
      const v = this.root(rt);
      return this.needsResultCheck ? this.checkResult(v) : v;
    } catch (e) {
      throw toUserFnError(e, this.source, this.checked.ast.span);
    }
  }

  interpret(context: unknown, options?: EvaluateOptions): Value {
    const rt = this.runtime(context, options);
    try {
      return this.checkResult(interpret(this.checked, rt));
    } catch (e) {
      throw toUserFnError(e, this.source, this.checked.ast.span);
    }
  }

  explain(context: unknown, options?: EvaluateOptions): Explanation {
    const rt = this.runtime(context, options);
    const { outcomes, result } = traceEvaluation(this.checked, rt);
    const span = this.checked.ast.span;
    const faultInfo = (e: unknown) => {
      const u = toUserFnError(e, this.source, span);
      return { code: u.code, message: u.message };
    };
    const tree = buildTree(this.source, this.checked.ast, outcomes, faultInfo);
    const text = renderTree(tree);
    if ('fault' in result) {
      const error = toUserFnError(result.fault, this.source, span);
      return { value: null, error: error.toJSON(), reason: `error at ${error.span.line}:${error.span.column}: ${error.message}`, tree, text };
    }
    let value: Value;
    try {
      value = this.checkResult(result.value);
    } catch (e) {
      const error = toUserFnError(e, this.source, span);
      return { value: null, error: error.toJSON(), reason: error.message, tree, text };
    }
    const explainsFalse = value === false || (value === null && PROFILES[this.profile].result.kind === 'boolean');
    return explainsFalse ? { value, reason: falseReason(this.source, this.checked, outcomes, context), tree, text } : { value, tree, text };
  }

  /** A fresh runtime for one evaluation. */
  runtime(context: unknown, options?: EvaluateOptions): Runtime {
    return new Runtime(context, this.limits, options?.now === undefined ? this.defaultNowMs : this.clock(options.now));
  }

  private clock(now: Date | string): number | undefined {
    try {
      return clockMs(now);
    } catch (e) {
      throw optionError((e as Error).message, this.source);
    }
  }

  /** A result whose type was open at compile time must fit the profile (null always does). */
  checkResult(v: Value): Value {
    const want: Type = PROFILES[this.profile].result;
    if (v === null || want.kind === 'dyn' || typeName(v) === want.kind) return v;
    throw new Fault(
      Codes.RuntimeWrongResultType,
      `a ${this.profile} expression must give a ${want.kind}, but this one gave a ${typeName(v)}`,
      this.checked.ast.span,
    );
  }
}

export type { CompiledExpression };
