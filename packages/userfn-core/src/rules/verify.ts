import { clockMs } from '../api/clock.js';
import { optionError } from '../api/errors.js';
import type { EvaluateOptions } from '../api/options.js';
import { UserFnError } from '../common/diagnostics/user-fn-error.js';
import { falseReason, traceEvaluation } from '../language/explain/explain.js';
import { describeValue } from '../runtime/core/json-text.js';
import { decide, validAttempt } from './decision.js';
import { ruleSetVersion } from './fingerprint.js';
import type { Rule, RuleResult, RuleSet, Verification, VerifyOptions } from './types.js';

/** A rule that did not hold on a context, with the runtime error when it raised one. */
export interface Miss {
  readonly rule: Rule;
  readonly error?: UserFnError;
}

/** The verdict without explanations: what the batch hot path needs. */
export interface Outcome {
  readonly passed: boolean;
  readonly score: number;
  /** The rules that did not hold, in rule-set order (empty when every rule held). */
  readonly misses: readonly Miss[];
}

const NO_MISSES: readonly Miss[] = Object.freeze([]);

/**
 * Evaluates every rule with its compiled closures (no explanations): a rule
 * holds only when its condition gives `true` — `false`, `null` and a runtime
 * error do not hold. The score is the held weight over the total weight; when
 * the total weight is 0 it is 1 if every rule held, else 0.
 */
export function evaluateRules(ruleSet: RuleSet, context: unknown, options: EvaluateOptions): Outcome {
  let held = 0;
  let passed = true;
  let misses: Miss[] | undefined;
  for (const rule of ruleSet.rules) {
    let value: unknown;
    let error: UserFnError | undefined;
    try {
      value = rule.compiled.evaluate(context, options);
    } catch (e) {
      // evaluate() turns every failure into a UserFnError; anything else is a bug to surface.
      if (!(e instanceof UserFnError)) throw e;
      error = e;
    }
    if (value === true) {
      held += rule.weight;
      continue;
    }
    (misses ??= []).push(error ? { rule, error } : { rule });
    if (rule.severity === 'error') passed = false;
  }
  const score = ruleSet.totalWeight > 0 ? held / ruleSet.totalWeight : misses ? 0 : 1;
  return { passed, score, misses: misses ?? NO_MISSES };
}

/**
 * One line saying why a rule did not hold: the values at fault (the `reason`
 * of `Compiled.explain`), or the runtime error with its position. The
 * reference interpreter is slower: it runs only for rules that failed, and
 * only the reason is built (not the tree and its text).
 */
export function explainMiss(miss: Miss, context: unknown, options: EvaluateOptions): string {
  if (miss.error) return errorLine(miss.error);
  const { compiled } = miss.rule;
  const { outcomes, result } = traceEvaluation(compiled.checked, compiled.runtime(context, options));
  if ('value' in result && (result.value === false || result.value === null)) return falseReason(compiled.source, compiled.checked.ast, outcomes);
  // The interpreter disagrees with the compiled closures (it should not): say what it gave.
  const ex = compiled.explain(context, options);
  return ex.reason ?? `${miss.rule.condition.trim()} was ${describeValue(ex.value)}`;
}

/** `error at line:column: message` (the position inside the condition). */
export function errorLine(e: UserFnError): string {
  return `error at ${e.span.line}:${e.span.column}: ${e.message}`;
}

/** The message reported for a rule that did not hold (a default when the rule set gives none). */
export function missMessage(rule: Rule): string {
  return rule.message ?? `rule '${rule.id}' did not hold`;
}

/** Fixes one instant for a whole verification: every rule sees the same `now()`. */
export function fixedClock(now: Date | string | undefined): EvaluateOptions {
  if (now === undefined) return { now: new Date() };
  try {
    return { now: new Date(clockMs(now)!) };
  } catch (e) {
    throw optionError((e as Error).message, '');
  }
}

/**
 * Verifies a context against a rule set: `passed` when every error-severity
 * rule held, `score` the weighted fraction of rules that held (0..1), and one
 * result per rule — with its message, a one-line explanation and its retry
 * prompt when it did not hold.
 */
export function verify(ruleSet: RuleSet, context: unknown, options: VerifyOptions = {}): Verification {
  const clock = fixedClock(options.now);
  const attempt = options.attempt === undefined ? 1 : validAttempt(options.attempt);
  if (attempt === undefined) throw optionError(`attempt must be a whole number >= 1, got ${describeValue(options.attempt)}`, '');
  const outcome = evaluateRules(ruleSet, context, clock);
  let next = 0;
  const results = ruleSet.rules.map((rule): RuleResult => {
    const miss = outcome.misses[next]?.rule === rule ? outcome.misses[next++] : undefined;
    if (!miss) return { id: rule.id, passed: true, severity: rule.severity };
    return {
      id: rule.id,
      passed: false,
      severity: rule.severity,
      message: missMessage(rule),
      explanation: explainMiss(miss, context, clock),
      ...(miss.error ? { error: miss.error.toJSON() } : {}),
      ...(rule.retry_prompt !== undefined ? { retry_prompt: rule.retry_prompt } : {}),
    };
  });
  const then = decide(ruleSet.definition, outcome.misses.map((m) => m.rule), attempt);
  return { passed: outcome.passed, score: outcome.score, results, ...then, attempt, rule_set: ruleSetVersion(ruleSet) };
}
