/**
 * The rule-set mode's one job: load a rule set (JSON or YAML text) with the
 * core's loadRuleSet and verify the context with verify — the verdict, the
 * score and one row per rule. Pure: it runs in the worker and in node tests.
 */
import { loadRuleSet, RuleSetError, verify, type RuleSet } from '@userfn/core';
import { clockProblem, type EvaluationContext } from './evaluate.js';

/** One row of the rules table. */
export interface RuleRow {
  readonly id: string;
  readonly severity: 'error' | 'warning';
  readonly weight: number;
  /** The condition, or for a judge rule its prompt (and `when`). */
  readonly condition: string;
  /** A judge rule: the playground has no judge endpoint, so it is not run (or skipped when its `when` does not hold). */
  readonly judge?: 'not run: no judge endpoint' | 'skipped: its when does not hold';
  readonly passed: boolean;
  readonly message?: string;
  readonly explanation?: string;
}

/** What the rule-set mode shows. */
export type RuleSetOutcome =
  | {
      readonly status: 'ok';
      readonly profile: string;
      readonly passed: boolean;
      readonly score: number;
      /** Judge rules that were not run: the verdict and score are those of the other rules. */
      readonly notRun: number;
      readonly rows: readonly RuleRow[];
      readonly loadMs: number;
      readonly verifyMs: number;
    }
  /** The rule set does not load: every problem, one line each (the editor shows them as markers too). */
  | { readonly status: 'invalid'; readonly problems: readonly string[]; readonly loadMs: number }
  /** The context is not JSON, or the clock is not a date-time. */
  | { readonly status: 'context-error' | 'clock-error'; readonly message: string };

const problemLine = (p: RuleSetError['problems'][number]): string =>
  `${p.file ? `${p.file.line}:${p.file.column}: ` : ''}${p.ruleId !== undefined ? `rule '${p.ruleId}': ` : ''}${p.message} [${p.code}]`;

/** Loads and verifies. Never throws for user input. */
export function verifyRuleSet(text: string, context: EvaluationContext, now: string): RuleSetOutcome {
  const t0 = performance.now();
  let ruleSet: RuleSet;
  try {
    ruleSet = loadRuleSet(text); // JSON when the text starts with '{', else YAML
  } catch (e) {
    if (!(e instanceof RuleSetError)) throw e;
    return { status: 'invalid', problems: e.problems.map(problemLine), loadMs: performance.now() - t0 };
  }
  const loadMs = performance.now() - t0;
  if (!context.ok) return { status: 'context-error', message: context.message };
  const clock = clockProblem(now);
  if (clock !== undefined) return { status: 'clock-error', message: clock };
  const t1 = performance.now();
  // No judge endpoint here: judge rules are left out of the verdict and the score (skip), and shown as not run.
  const verification = verify(ruleSet, context.value, { judgeError: 'skip', ...(now.trim() !== '' ? { now: now.trim() } : {}) });
  const verifyMs = performance.now() - t1;
  let notRun = 0;
  const rows = verification.results.map((r, i): RuleRow => {
    const rule = ruleSet.definition.rules[i]!;
    const judged = 'judge' in rule;
    const notRunHere = r.judge?.verdict === 'error';
    if (notRunHere) notRun++;
    return {
      id: r.id,
      severity: r.severity,
      weight: rule.weight,
      condition: judged ? `judge: ${rule.judge.prompt}${rule.when !== undefined ? `\nwhen: ${rule.when}` : ''}` : rule.condition,
      ...(judged ? { judge: notRunHere ? ('not run: no judge endpoint' as const) : ('skipped: its when does not hold' as const) } : {}),
      passed: r.passed,
      ...(r.message !== undefined && !notRunHere ? { message: r.message } : {}),
      ...(r.explanation !== undefined && !notRunHere ? { explanation: r.explanation } : {}),
    };
  });
  return { status: 'ok', profile: ruleSet.profile, passed: verification.passed, score: verification.score, notRun, rows, loadMs, verifyMs };
}
