import { compile } from '../../api/api.js';
import { NemoGymInputError, nemoGymToContext, type NemoGymContext } from '../../rules/nemo-gym.js';
import { UserFnError } from '../../common/diagnostics/user-fn-error.js';
import { isProfileName } from '../../common/profiles/profiles.js';
import type { RuleSet, Verification } from '../../rules/types.js';
import { verify } from '../../rules/verify.js';
import { typeName } from '../../common/values/values.js';
import { HttpError, requireObject } from './body.js';

/** What `/verify` adds for tracing: the same failure shapes as `userfn verify` lines. */
export interface Trace {
  readonly passed: boolean;
  readonly failures: ReadonlyArray<{ rule: string; message: string; explanation: string }>;
  readonly warnings: ReadonlyArray<{ rule: string; message: string; explanation: string }>;
}

function trace(v: Verification): Trace {
  const misses = (severity: 'error' | 'warning') =>
    v.results.filter((r) => !r.passed && r.severity === severity).map((r) => ({ rule: r.id, message: r.message ?? '', explanation: r.explanation ?? '' }));
  return { passed: v.passed, failures: misses('error'), warnings: misses('warning') };
}

function optionalNow(body: Record<string, unknown>): string | undefined {
  const now = body['now'];
  if (now === undefined) return undefined;
  if (typeof now !== 'string') throw new HttpError(400, 'invalid_request', '`now` must be an ISO 8601 string');
  return now;
}

/** `POST /verify`: a NeMo Gym rollout, returned with `reward` set to the rule set's score and a `userfn` trace. */
export function handleVerify(ruleSet: RuleSet, body: unknown): Record<string, unknown> {
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
  const result = verify(ruleSet, context);
  // `reward` replaces any existing one; every other key comes back unchanged.
  return { ...rollout, reward: result.score, userfn: trace(result) };
}

/** `POST /verify-context`: a verification context, verified as `verify()` does. */
export function handleVerifyContext(ruleSet: RuleSet, body: unknown): Verification {
  return verify(ruleSet, requireObject(body, 'the context'));
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
    rules: ruleSet.rules.map((r) => ({ id: r.id, message: r.message ?? null, weight: r.weight, severity: r.severity, condition: r.condition })),
  };
}
