import { compile } from '../../api/api.js';
import { NemoGymInputError, nemoGymToContext, type NemoGymContext } from '../../rules/nemo-gym.js';
import { UserFnError } from '../../common/diagnostics/user-fn-error.js';
import { isProfileName } from '../../common/profiles/profiles.js';
import type { JudgeErrorPolicy, RuleSet, Verification } from '../../rules/types.js';
import { verifyAsync } from '../../rules/verify.js';
import { JudgeAbortError, type JudgeBackend } from '../../rules/judge-request.js';
import { typeName } from '../../common/values/values.js';
import { HttpError, requireObject } from './body.js';

/** What `/verify` adds for tracing: the same failure shapes as `userfn verify` lines. */
export interface Trace {
  readonly passed: boolean;
  readonly failures: ReadonlyArray<{ rule: string; message: string; explanation: string }>;
  readonly warnings: ReadonlyArray<{ rule: string; message: string; explanation: string }>;
  /** With judge rules: each judge rule's report (verdict, reason, score, calls). */
  readonly judged?: ReadonlyArray<{ rule: string } & NonNullable<Verification['results'][number]['judge']>>;
  readonly incomplete?: true;
}

/** How a request's judges run: the backend (none: judge rules are errors) and the judge-error policy. */
export interface JudgeRun {
  readonly judge?: JudgeBackend;
  readonly judgeError: JudgeErrorPolicy;
}

function trace(v: Verification, run: JudgeRun): Trace {
  const counts = (r: Verification['results'][number]) => !r.passed && !(run.judgeError === 'skip' && r.judge?.verdict === 'error');
  const misses = (severity: 'error' | 'warning') =>
    v.results.filter((r) => counts(r) && r.severity === severity).map((r) => ({ rule: r.id, message: r.message ?? '', explanation: r.explanation ?? '' }));
  const judged = v.results.flatMap((r) => (r.judge ? [{ rule: r.id, ...r.judge }] : []));
  return { passed: v.passed, failures: misses('error'), warnings: misses('warning'), ...(judged.length > 0 ? { judged } : {}), ...(v.incomplete ? { incomplete: true as const } : {}) };
}

/** verifyAsync, with an abort (--judge-error abort) as a 502 naming the rule. */
async function verified(ruleSet: RuleSet, context: unknown, run: JudgeRun): Promise<Verification> {
  try {
    return await verifyAsync(ruleSet, context, { judgeError: run.judgeError, ...(run.judge ? { judge: run.judge } : {}) });
  } catch (e) {
    if (e instanceof JudgeAbortError) throw new HttpError(502, 'judge_error', e.message);
    throw e;
  }
}

function optionalNow(body: Record<string, unknown>): string | undefined {
  const now = body['now'];
  if (now === undefined) return undefined;
  if (typeof now !== 'string') throw new HttpError(400, 'invalid_request', '`now` must be an ISO 8601 string');
  return now;
}

/** `POST /verify`: a NeMo Gym rollout, returned with `reward` set to the rule set's score and a `userfn` trace. */
export async function handleVerify(ruleSet: RuleSet, body: unknown, run: JudgeRun = { judgeError: 'fail' }): Promise<Record<string, unknown>> {
  const rollout = requireObject(body, 'the rollout');
  if (!('response' in rollout)) throw new HttpError(400, 'invalid_request', 'the rollout has no `response` field');
  const response = rollout['response'];
  // The same check nemoGymToContext makes, as a 400 naming the field rather than a fault.
  if (typeof response !== 'object' || response === null || !Array.isArray((response as Record<string, unknown>)['output'])) {
    throw new HttpError(400, 'invalid_request', '`response.output` must be a list of output items');
  }
  let context: NemoGymContext;
  try {
    context = nemoGymToContext(rollout);
  } catch (e) {
    if (e instanceof NemoGymInputError) throw new HttpError(400, 'invalid_request', e.message);
    throw e;
  }
  const result = await verified(ruleSet, context, run);
  // `reward` replaces any existing one; every other key comes back unchanged.
  return { ...rollout, reward: result.score, userfn: trace(result, run) };
}

/** `POST /verify-context`: a verification context, verified as `verifyAsync()` does. */
export function handleVerifyContext(ruleSet: RuleSet, body: unknown, run: JudgeRun = { judgeError: 'fail' }): Promise<Verification> {
  return verified(ruleSet, requireObject(body, 'the context'), run);
}

/** `POST /evaluate`: `{ expression, context, profile?, now?, explain? }` -> `{ value, type, explanation? }`, or a 400 with the UserFn error. */
export function handleEvaluate(body: unknown): { status: number; payload: unknown } {
  const req = requireObject(body, 'the request');
  const expression = req['expression'];
  if (typeof expression !== 'string') throw new HttpError(400, 'invalid_request', '`expression` must be a string');
  const profile = req['profile'] ?? 'verification';
  if (!isProfileName(profile)) throw new HttpError(400, 'invalid_request', '`profile` must be verification, transition, reranker or any');
  const now = optionalNow(req);
  const explain = req['explain'] ?? false;
  if (typeof explain !== 'boolean') throw new HttpError(400, 'invalid_request', '`explain` must be true or false');
  // An expression that reads nothing needs no context: absent means {}.
  const context = req['context'] ?? {};
  try {
    const compiled = compile(expression, { profile, ...(now !== undefined ? { now } : {}) });
    if (explain) {
      const ex = compiled.explain(context);
      if (ex.error) return { status: 400, payload: { error: ex.error, explanation: { reason: ex.reason, tree: ex.tree } } };
      return { status: 200, payload: { value: ex.value, type: typeName(ex.value), explanation: { reason: ex.reason ?? null, tree: ex.tree } } };
    }
    const value = compiled.evaluate(context);
    return { status: 200, payload: { value, type: typeName(value) } };
  } catch (e) {
    if (e instanceof UserFnError) return { status: 400, payload: { error: e.toJSON() } };
    throw e;
  }
}

/** `GET /rules`: the loaded rule set's profile, ids, messages, weights and severities. */
export function describeRules(ruleSet: RuleSet): unknown {
  return {
    profile: ruleSet.profile,
    rules: ruleSet.definition.rules.map((r) => ({
      id: r.id,
      message: r.message ?? null,
      weight: r.weight,
      severity: r.severity,
      ...('judge' in r ? { judge: r.judge, ...(r.when !== undefined ? { when: r.when } : {}) } : { condition: r.condition }),
    })),
  };
}
