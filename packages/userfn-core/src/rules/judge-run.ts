import type { EvaluateOptions } from '../api/options.js';
import { UserFnError } from '../common/diagnostics/user-fn-error.js';
import { parseJudgeReply, type SampleVerdict } from './judge-reply.js';
import { renderJudgeRequest } from './judge-render.js';
import { JudgeCallError, type JudgeBackend } from './judge-request.js';
import { decideJudge } from './judge-verdict.js';
import type { JudgeCallRecord, JudgeRule, JudgeRuleReport, RuleSet } from './types.js';

/** What a judge rule's `when` decided for one context: ask the judge, skip it, or its error. */
export type Gate = { readonly rule: JudgeRule; readonly run: true } | { readonly rule: JudgeRule; readonly run: false; readonly error?: UserFnError };

/**
 * Evaluates each judge rule's `when`: the judge runs when it gives `true`;
 * `false` and `null` skip it (the rule counts as held, as `not (when) or
 * (judge)` would); a runtime error makes the rule fail with that error, as a
 * condition's would (an error is never a way around the judge).
 */
export function gateJudges(ruleSet: RuleSet, context: unknown, clock: EvaluateOptions): Gate[] {
  return ruleSet.judges.map((rule): Gate => {
    if (!rule.whenCompiled) return { rule, run: true };
    try {
      return rule.whenCompiled.evaluate(context, clock) === true ? { rule, run: true } : { rule, run: false };
    } catch (e) {
      if (!(e instanceof UserFnError)) throw e;
      return { rule, run: false, error: e };
    }
  });
}

/** The report of a judge that could not run: an error verdict. */
export const judgeError = (error: string): JudgeRuleReport => ({ verdict: 'error', error });

/**
 * Asks the judge about every rule in `rules` for one session: one request
 * for all of them (and one more per extra sample, for the rules that ask for
 * samples), sent together. Never rejects: a failed call or a reply that does
 * not fit becomes an error verdict of the rules it was for.
 */
export async function runJudges(rules: readonly JudgeRule[], context: unknown, backend: JudgeBackend): Promise<Map<JudgeRule, JudgeRuleReport>> {
  const samples = new Map<JudgeRule, SampleVerdict[]>(rules.map((r) => [r, []]));
  const records = new Map<JudgeRule, JudgeCallRecord[]>(rules.map((r) => [r, []]));
  const most = Math.max(0, ...rules.map((r) => r.judge.samples));
  const asks: Promise<void>[] = [];
  for (let k = 0; k < most; k++) {
    const asked = rules.filter((r) => r.judge.samples > k);
    // Stored at the sample's index: the outcome does not depend on which reply came first.
    const note = (verdict: (r: JudgeRule) => SampleVerdict, record?: JudgeCallRecord) => {
      for (const r of asked) {
        samples.get(r)![k] = verdict(r);
        if (record) records.get(r)![k] = record;
      }
    };
    let request: ReturnType<typeof renderJudgeRequest>;
    try {
      request = renderJudgeRequest(asked, context, k);
    } catch (e) {
      note(() => ({ error: `the judged content cannot be sent: ${(e as Error).message}` }));
      continue;
    }
    asks.push(
      backend.ask(request).then(
        (answer) => {
          const parsed = parseJudgeReply(answer.content, request.ruleIds);
          const record = parsed.ignored.length > 0 ? { ...answer.record, ignored: parsed.ignored } : answer.record;
          note((r) => parsed.verdicts.get(r.id)!, record);
        },
        (e: unknown) => {
          if (e instanceof JudgeCallError) note(() => ({ error: e.message }), e.record);
          else note(() => ({ error: `the judge call failed: ${e instanceof Error ? e.message : String(e)}` }));
        },
      ),
    );
  }
  await Promise.all(asks);
  return new Map(rules.map((r) => [r, decideJudge(r, samples.get(r)!, records.get(r)!.filter(Boolean))]));
}
