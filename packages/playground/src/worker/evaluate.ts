/**
 * One evaluation, as the result panel shows it: the value as JSON text, its
 * type, the verdict of a condition or the score of a reranker, compile and
 * evaluation times, and the explanation (every sub-expression's value, and
 * why a condition is false). Pure: it runs in the worker and in node tests.
 */
import { compile, typeName, UserFnError, type Compiled, type ProfileName, type Value } from '@userfn/core';

/** A UserFn error as the page shows it. */
export interface ShownError {
  readonly kind: string;
  readonly code: string;
  readonly message: string;
  /** Offsets in the expression (UTF-16), for the marker. */
  readonly start: number;
  readonly end: number;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  readonly hint?: string;
}

/** What one evaluation gives the result panel. */
export interface EvaluationResult {
  /** `ok`, or where it stopped. */
  readonly status: 'ok' | 'compile-error' | 'runtime-error' | 'context-error' | 'clock-error';
  readonly profile: ProfileName;
  /** The value as pretty JSON text (cut when very long). */
  readonly valueText?: string;
  /** True when valueText was cut. */
  readonly truncated?: boolean;
  /** The value's type (`boolean`, `number`, `list`, `datetime`, `null` …). */
  readonly type?: string;
  /** The type the checker inferred (`boolean`, `dyn` …). */
  readonly staticType?: string;
  /** Verification and transition: does the condition hold (null counts as false)? */
  readonly verdict?: 'pass' | 'fail';
  /** Reranker: the new score, or null when the result is dropped. */
  readonly score?: number | null;
  readonly compileMs?: number;
  readonly evaluateMs?: number;
  /** Why a condition is false (or the error with its position). */
  readonly reason?: string;
  /** Every sub-expression with its value, one a line. */
  readonly tree?: string;
  readonly error?: ShownError;
  /** Warnings of the checker (they do not stop the evaluation). */
  readonly warnings?: number;
}

/** Longest value text sent to the page: a 10 MB value would only freeze the panel. */
export const MAX_VALUE_TEXT = 200_000;

/** The value as pretty JSON (datetimes and durations through their toJSON). */
export function valueText(v: Value): { text: string; truncated: boolean } {
  const text = JSON.stringify(v, null, 2) ?? 'null';
  if (text.length <= MAX_VALUE_TEXT) return { text, truncated: false };
  return { text: `${text.slice(0, MAX_VALUE_TEXT)}\n… (${text.length.toLocaleString('en-US')} characters in all)`, truncated: true };
}

function shownError(e: UserFnError): ShownError {
  return {
    kind: e.kind,
    code: e.code,
    message: e.message,
    start: e.span.start,
    end: e.span.end,
    line: e.span.line,
    column: e.span.column,
    ...(e.hint !== undefined ? { hint: e.hint } : {}),
  };
}

const ms = (from: number): number => performance.now() - from;

/** The context the evaluation reads: its parsed value, or the reason it has none. */
export type EvaluationContext = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/**
 * Compiles and evaluates `expression` on `context`. Never throws for user
 * input: every failure comes back as a status with the error.
 */
export function evaluateExpression(expression: string, profile: ProfileName, context: EvaluationContext, now: string): EvaluationResult {
  const clock = clockProblem(now);
  if (clock !== undefined) return { status: 'clock-error', profile, reason: clock };
  const options = { profile, ...(now.trim() !== '' ? { now: now.trim() } : {}) };
  let compiled: Compiled;
  const t0 = performance.now();
  try {
    compiled = compile(expression, options);
  } catch (e) {
    if (!(e instanceof UserFnError)) throw e;
    return { status: 'compile-error', profile, compileMs: ms(t0), error: shownError(e), reason: e.message };
  }
  const compileMs = ms(t0);
  const base = { profile, staticType: compiled.type, compileMs, warnings: compiled.diagnostics.length };
  if (!context.ok) return { ...base, status: 'context-error', reason: context.message };

  let value: Value;
  const t1 = performance.now();
  try {
    value = compiled.evaluate(context.value);
  } catch (e) {
    if (!(e instanceof UserFnError)) throw e;
    const evaluateMs = ms(t1);
    // The reference interpreter gives the values computed before the error.
    const explained = compiled.explain(context.value);
    return {
      ...base,
      status: 'runtime-error',
      evaluateMs,
      error: shownError(e),
      reason: `error at ${e.span.line}:${e.span.column}: ${e.message}`,
      tree: explained.text,
    };
  }
  const evaluateMs = ms(t1);
  const explained = compiled.explain(context.value);
  const shown = valueText(value);
  return {
    ...base,
    status: 'ok',
    evaluateMs,
    valueText: shown.text,
    truncated: shown.truncated,
    type: typeName(value),
    ...outcome(profile, value),
    ...(explained.reason !== undefined ? { reason: explained.reason } : {}),
    tree: explained.text,
  };
}

/** Why a clock setting ('' is the real clock) cannot be used, or undefined when it can. */
export function clockProblem(now: string): string | undefined {
  if (now.trim() === '') return undefined;
  try {
    compile('now()', { profile: 'any', now: now.trim() });
    return undefined;
  } catch (e) {
    if (!(e instanceof UserFnError)) throw e;
    return `the clock '${now.trim()}' is not an ISO 8601 date-time (e.g. 2026-11-21T12:00:00Z)`;
  }
}

/** The verdict of a condition (null counts as false) or the score of a reranker. */
function outcome(profile: ProfileName, value: Value): Pick<EvaluationResult, 'verdict' | 'score'> {
  if (profile === 'verification' || profile === 'transition') return { verdict: value === true ? 'pass' : 'fail' };
  if (profile === 'reranker') return { score: typeof value === 'number' ? value : null };
  return {};
}
