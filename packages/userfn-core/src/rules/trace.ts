import type { JudgeCallRecord, JudgeErrorPolicy, RuleResult, RuleSeverity, Verification } from './types.js';

/**
 * How a verification is written for tracing — `userfn verify`'s lines, a NeMo
 * Gym rollout's `userfn`, `/verify`'s `userfn` and the decision log — so that
 * every place names failures and judge verdicts alike.
 */

/** Whether a rule's result counts as not held: every miss but a judge error under `skip`, which is left out of the verdict. */
export const countsAsMiss = (r: RuleResult, policy: JudgeErrorPolicy): boolean => !r.passed && !(policy === 'skip' && r.judge?.verdict === 'error');

/** A failure or warning entry: the rule, its message and explanation, and a judge rule's verdict and score. */
export const missEntry = (r: RuleResult) => ({
  rule: r.id,
  message: r.message ?? '',
  explanation: r.explanation ?? '',
  ...(r.judge ? { judge: { verdict: r.judge.verdict, ...(r.judge.score !== undefined ? { score: r.judge.score } : {}) } } : {}),
});

/** The entries of the rules of `severity` that count as not held, in rule-set order. */
export const missEntries = (v: Verification, severity: RuleSeverity, policy: JudgeErrorPolicy) =>
  v.results.filter((r) => r.severity === severity && countsAsMiss(r, policy)).map(missEntry);

/** One judge call's audit record, in the snake_case of the output lines. */
const callJson = (c: JudgeCallRecord) => ({
  request: c.request,
  cached: c.cached,
  latency_ms: c.latencyMs,
  ...(c.attempts !== undefined ? { attempts: c.attempts } : {}),
  ...(c.tokens ? { tokens: c.tokens } : {}),
  ...(c.ignored ? { ignored_ids: c.ignored } : {}),
  ...(c.raw !== undefined ? { raw: c.raw } : {}),
});

/** One entry per judge rule: its verdict, reason, score, error, votes and the audit record of every call. */
export function judgedEntries(v: Verification) {
  return v.results.flatMap((r) => {
    const j = r.judge;
    if (!j) return [];
    return [
      {
        rule: r.id,
        verdict: j.verdict,
        ...(j.reason !== undefined ? { reason: j.reason } : {}),
        ...(j.score !== undefined ? { score: j.score } : {}),
        ...(j.error !== undefined ? { error: j.error } : {}),
        ...(j.votes ? { votes: j.votes, disagreement: j.disagreement } : {}),
        ...(j.calls ? { calls: j.calls.map(callJson) } : {}),
      },
    ];
  });
}
