import { check, compile, Codes, evaluate, format, UserFnError, type CompileOptions, type Compiled } from '../../../src/index.js';
import { sameValue } from './values.js';

/** What one call did: returned a value, threw a UserFnError, or threw something else (always a bug). */
export type Attempt<T> = { readonly value: T } | { readonly error: UserFnError } | { readonly thrown: unknown };

/** Runs `f`, catching everything. */
export function attempt<T>(f: () => T): Attempt<T> {
  try {
    return { value: f() };
  } catch (e) {
    return e instanceof UserFnError ? { error: e } : { thrown: e };
  }
}

/** Short text of an attempt for messages. */
export function describeAttempt(a: Attempt<unknown>): string {
  if ('thrown' in a) return `threw ${a.thrown instanceof Error ? `${a.thrown.constructor.name}: ${a.thrown.message}` : String(a.thrown)}`;
  if ('error' in a) return `${a.error.code} (${a.error.kind}) ${a.error.message.slice(0, 120)}`;
  const v = a.value;
  let text: string;
  if (typeof v !== 'object' || v === null) text = typeof v === 'string' ? JSON.stringify(v) : typeof v === 'bigint' ? `${v}n` : String(v);
  else {
    try {
      text = JSON.stringify(v) ?? String(v);
    } catch (e) {
      text = `a ${Array.isArray(v) ? 'list' : 'object'} JSON.stringify cannot print (${(e as Error).message})`;
    }
  }
  return `value ${text.length > 120 ? `${text.slice(0, 119)}…` : text}`;
}

/** Two outcomes agree: equal values, or errors with the same code. */
export function agree(a: Attempt<unknown>, b: Attempt<unknown>): boolean {
  if ('value' in a && 'value' in b) return sameValue(a.value, b.value);
  if ('error' in a && 'error' in b) return a.error.code === b.error.code;
  return false;
}

/** Records a broken promise: a throw that is not a UserFnError, or an internal error. */
function noteBroken(problems: string[], what: string, a: Attempt<unknown>): void {
  if ('thrown' in a) problems.push(`${what} ${describeAttempt(a)}`);
  else if ('error' in a && a.error.code === Codes.Internal) problems.push(`${what} gave an internal error: ${a.error.message}`);
}

/** Everything one source and context did through the whole public API. */
export interface Everywhere {
  /** The outcome a user sees: the compile error, else evaluate's outcome. */
  readonly outcome: Attempt<unknown>;
  /** Every broken promise: a non-UserFnError throw, an internal error, a disagreement. Empty when all is well. */
  readonly problems: readonly string[];
}

/** Compiled.evaluate and Compiled.interpret on the context: each must throw only UserFnError, and they must agree. */
function bothEvaluators(c: Compiled, context: unknown, problems: string[]): { evaluated: Attempt<unknown>; interpreted: Attempt<unknown> } {
  const evaluated = attempt(() => c.evaluate(context));
  noteBroken(problems, 'Compiled.evaluate', evaluated);
  const interpreted = attempt(() => c.interpret(context));
  noteBroken(problems, 'Compiled.interpret', interpreted);
  if (!agree(evaluated, interpreted)) problems.push(`Compiled.evaluate ${describeAttempt(evaluated)} but Compiled.interpret ${describeAttempt(interpreted)}`);
  return { evaluated, interpreted };
}

/** Compiles and checks a source, noting a compile that broke its promise and a check() that threw. */
function compileAndCheck(source: string, options: CompileOptions, problems: string[]) {
  const compiled = attempt<Compiled>(() => compile(source, options));
  noteBroken(problems, 'compile', compiled);
  const checked = attempt(() => check(source, options));
  if (!('value' in checked)) problems.push(`check() must not throw for a bad source, but it ${describeAttempt(checked)}`);
  return { compiled, checked };
}

/**
 * Runs a source through compile + evaluate, Compiled.interpret,
 * Compiled.explain, the cached evaluate(), check() and format(), and checks
 * what every one of them promises: only UserFnError is thrown, never an
 * internal error, check() and format() and explain() never throw, both
 * evaluators (and the cached path, and explain) agree, and format() is
 * idempotent.
 */
export function runEverywhere(source: string, context: unknown, options: CompileOptions): Everywhere {
  const problems: string[] = [];
  const note = (what: string, a: Attempt<unknown>): void => noteBroken(problems, what, a);

  const { compiled, checked } = compileAndCheck(source, options, problems);
  if ('value' in checked && 'error' in compiled && (compiled.error.kind === 'syntax' || compiled.error.kind === 'type' || compiled.error.kind === 'limit')) {
    const code = compiled.error.code;
    if (!checked.value.diagnostics.some((d) => d.code === code && d.severity === 'error'))
      problems.push(`compile failed with ${code} but check() did not report it`);
  }
  const formatted = attempt(() => format(source));
  if (!('value' in formatted)) problems.push(`format() must not throw, but it ${describeAttempt(formatted)}`);
  else if (formatted.value !== null) {
    const again = attempt(() => format(formatted.value!));
    if (!('value' in again) || again.value !== formatted.value) problems.push(`format() is not idempotent: ${JSON.stringify(formatted.value).slice(0, 200)}`);
  }
  const cached = attempt(() => evaluate(source, context, options));
  note('evaluate()', cached);

  if (!('value' in compiled)) {
    if (!agree(compiled, cached)) problems.push(`compile ${describeAttempt(compiled)} but evaluate() ${describeAttempt(cached)}`);
    return { outcome: compiled, problems };
  }
  const c = compiled.value;
  const { evaluated, interpreted } = bothEvaluators(c, context, problems);
  if (!agree(evaluated, cached)) problems.push(`Compiled.evaluate ${describeAttempt(evaluated)} but evaluate() ${describeAttempt(cached)}`);
  const explained = attempt(() => c.explain(context));
  if (!('value' in explained)) problems.push(`Compiled.explain must not throw, but it ${describeAttempt(explained)}`);
  else {
    const ex = explained.value;
    const fromExplain: Attempt<unknown> = ex.error ? { error: new UserFnError(ex.error.code, ex.error.message, ex.error.span) } : { value: ex.value };
    if (!agree(fromExplain, interpreted))
      problems.push(`Compiled.explain ${describeAttempt(fromExplain)} but Compiled.interpret ${describeAttempt(interpreted)}`);
  }
  return { outcome: evaluated, problems };
}

/**
 * The lighter run for huge inputs: compile, check, and both evaluators when
 * it compiles (no cached path, explanation or formatting, each of which would
 * parse the huge source again).
 */
export function compileAndRun(source: string, context: unknown, options: CompileOptions): Everywhere {
  const problems: string[] = [];
  const { compiled } = compileAndCheck(source, options, problems);
  if (!('value' in compiled)) return { outcome: compiled, problems };
  const c = compiled.value;
  const { evaluated } = bothEvaluators(c, context, problems);
  return { outcome: evaluated, problems };
}
