import type { SampleVerdict } from './judge-reply.js';
import type { JudgeCallRecord, JudgeRule, JudgeRuleReport } from './types.js';

/**
 * One judge rule's verdict from its samples. A sample passes when the judge
 * said `pass` (and its score reached the rule's threshold, when it has one).
 * With one sample that is the verdict. With several, the verdict is the
 * strict majority of all samples (pass, or fail); without one, the rule is an
 * error when some sample errored, else (a tie of an even count) it fails: an
 * undecided judge earns no reward. Disagreement is reported.
 */
export function decideJudge(rule: JudgeRule, samples: readonly SampleVerdict[], calls: readonly JudgeCallRecord[]): JudgeRuleReport {
  const votes = { pass: 0, fail: 0, error: 0 };
  const passes = samples.map((s) => ('error' in s ? undefined : s.pass && (rule.judge.threshold === undefined || s.score >= rule.judge.threshold)));
  for (const p of passes) votes[p === undefined ? 'error' : p ? 'pass' : 'fail']++;
  const scores = samples.flatMap((s) => ('error' in s ? [] : [s.score]));
  const n = samples.length;
  const verdict: JudgeRuleReport['verdict'] = votes.pass * 2 > n ? 'pass' : votes.fail * 2 > n ? 'fail' : votes.error > 0 ? 'error' : 'fail';
  const base = { verdict, ...(calls.length > 0 ? { calls } : {}) };
  const sampled = n > 1 ? { votes, disagreement: [votes.pass, votes.fail, votes.error].filter((c) => c > 0).length > 1 } : {};
  if (verdict === 'error') {
    const errors = samples.flatMap((s) => ('error' in s ? [s.error] : []));
    const what = n > 1 ? `no majority of ${n} samples (${votes.pass} pass, ${votes.fail} fail, ${votes.error} error): ${errors[0]}` : errors[0]!;
    return { ...base, error: what, ...sampled };
  }
  const i = passes.findIndex((p) => p === (verdict === 'pass'));
  const chosen = samples[i >= 0 ? i : passes.findIndex((p) => p !== undefined)] as { reason: string } | undefined;
  const score = scores.reduce((a, b) => a + b, 0) / scores.length;
  return { ...base, ...(chosen ? { reason: chosen.reason } : {}), ...(scores.length > 0 ? { score } : {}), ...sampled };
}
