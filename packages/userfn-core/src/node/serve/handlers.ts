import { compile } from '../../api/api.js';
import { NemoGymInputError, nemoGymToContext, type NemoGymContext } from '../../rules/nemo-gym.js';
import { UserFnError } from '../../common/diagnostics/user-fn-error.js';
import { isProfileName } from '../../common/profiles/profiles.js';
import type { Decision, JudgeErrorPolicy, RuleSet, RuleSetVersion, Verification } from '../../rules/types.js';
import { validAttempt } from '../../rules/decision.js';
import { ruleSetVersion } from '../../rules/fingerprint.js';
import { countsAsMiss, judgedEntries, missEntries } from '../../rules/trace.js';
import { verifyAsync } from '../../rules/verify.js';
import { JudgeAbortError, type JudgeBackend } from '../../rules/judge-request.js';
import { typeName } from '../../common/values/values.js';
import { HttpError, requireObject } from './body.js';

/** What `/verify` adds for tracing: the same failure and judge shapes as `userfn verify` lines, the decision, and the rule set that scored it. */
export interface Trace {
  readonly passed: boolean;
  readonly failures: ReturnType<typeof missEntries>;
  readonly warnings: ReturnType<typeof missEntries>;
  /** With judge rules: each judge rule's verdict, reason, score, votes and calls (snake_case, as on a `userfn verify` line). */
  readonly judged?: ReturnType<typeof judgedEntries>;
  readonly incomplete?: true;
  readonly decision: Decision;
  readonly retry_prompt?: string;
  readonly attempt: number;
  readonly rule_set: RuleSetVersion;
}

/** How a request's judges run: the backend (none: judge rules are errors) and the judge-error policy. */
export interface JudgeRun {
  readonly judge?: JudgeBackend;
  readonly judgeError: JudgeErrorPolicy;
}

function trace(v: Verification, run: JudgeRun): Trace {
  const judged = judgedEntries(v);
  return {
    passed: v.passed,
    failures: missEntries(v, 'error', run.judgeError),
    warnings: missEntries(v, 'warning', run.judgeError),
    ...(judged.length > 0 ? { judged } : {}),
    ...(v.incomplete ? { incomplete: true as const } : {}),
    decision: v.decision,
    ...(v.retry_prompt !== undefined ? { retry_prompt: v.retry_prompt } : {}),
    attempt: v.attempt,
    rule_set: v.rule_set,
  };
}

/** One verification as the decision log records it (a JSON line). */
export interface DecisionEntry {
  readonly time: string;
  readonly endpoint: '/verify' | '/verify-context';
  readonly rule_set: RuleSetVersion;
  readonly session: string | number | null;
  readonly attempt: number;
  readonly passed: boolean;
  readonly score: number;
  readonly decision: Decision;
  /** The ids of the rules that did not hold, in rule-set order (warnings included; a judge error left out under skip is not one). */
  readonly failed: readonly string[];
  /** Present (true) when a judge gave no verdict. */
  readonly incomplete?: true;
  /** The verification's own time (mapping and rules), in milliseconds. */
  readonly duration_ms: number;
}

/** What a verification request says beside its body (from the query string), and where its result is recorded. */
export interface VerifyRequest {
  /** `?attempt=N`: the agent's attempt, 1 by default. */
  readonly attempt?: number;
  /** `?session=ID`: names the session in the decision log (else the context's $.session.key). */
  readonly session?: string;
  readonly record?: (entry: DecisionEntry) => void;
}

/** The query parameters of a verification request; a bad attempt is a 400. */
export function verifyRequest(url: string | undefined, record?: (entry: DecisionEntry) => void): VerifyRequest {
  const q = url?.indexOf('?') ?? -1;
  const params = q < 0 ? undefined : new URLSearchParams(url!.slice(q + 1));
  const text = params?.get('attempt') ?? undefined;
  const attempt = text === undefined ? undefined : validAttempt(/^\d+$/.test(text) ? Number(text) : Number.NaN);
  if (text !== undefined && attempt === undefined) throw new HttpError(400, 'invalid_request', `\`attempt\` must be a whole number >= 1, got '${text}'`);
  const session = params?.get('session') ?? undefined;
  return { ...(attempt !== undefined ? { attempt } : {}), ...(session !== undefined ? { session } : {}), ...(record ? { record } : {}) };
}

/** `$.session.key` when it is a string or a finite number. */
function sessionKey(context: unknown): string | number | null {
  const session = (context as { session?: unknown } | null)?.session;
  const key = session !== null && typeof session === 'object' ? (session as { key?: unknown }).key : undefined;
  return typeof key === 'string' || (typeof key === 'number' && Number.isFinite(key)) ? key : null;
}

/**
 * Verifies with the judges (an abort under --judge-error abort is a 502 naming
 * the rule), and records the decision when the service keeps a log (written
 * after the answer is computed, never awaited).
 */
async function verifyAndRecord(
  ruleSet: RuleSet,
  context: unknown,
  endpoint: DecisionEntry['endpoint'],
  run: JudgeRun,
  request: VerifyRequest,
): Promise<Verification> {
  const start = request.record ? performance.now() : 0;
  let v: Verification;
  try {
    v = await verifyAsync(ruleSet, context, {
      judgeError: run.judgeError,
      ...(run.judge ? { judge: run.judge } : {}),
      ...(request.attempt !== undefined ? { attempt: request.attempt } : {}),
    });
  } catch (e) {
    if (e instanceof JudgeAbortError) throw new HttpError(502, 'judge_error', e.message);
    throw e;
  }
  if (request.record) {
    request.record({
      time: new Date().toISOString(),
      endpoint,
      rule_set: v.rule_set,
      session: request.session ?? sessionKey(context),
      attempt: v.attempt,
      passed: v.passed,
      score: v.score,
      decision: v.decision,
      failed: v.results.filter((r) => countsAsMiss(r, run.judgeError)).map((r) => r.id),
      ...(v.incomplete ? { incomplete: true as const } : {}),
      duration_ms: performance.now() - start,
    });
  }
  return v;
}

function optionalNow(body: Record<string, unknown>): string | undefined {
  const now = body['now'];
  if (now === undefined) return undefined;
  if (typeof now !== 'string') throw new HttpError(400, 'invalid_request', '`now` must be an ISO 8601 string');
  return now;
}

/** `POST /verify`: a NeMo Gym rollout, returned with `reward` set to the rule set's score and a `userfn` trace. */
export async function handleVerify(
  ruleSet: RuleSet,
  body: unknown,
  run: JudgeRun = { judgeError: 'fail' },
  request: VerifyRequest = {},
): Promise<Record<string, unknown>> {
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
  const result = await verifyAndRecord(ruleSet, context, '/verify', run, request);
  // `reward` replaces any existing one; every other key comes back unchanged.
  return { ...rollout, reward: result.score, userfn: trace(result, run) };
}

/** `POST /verify-context`: a verification context, verified as `verifyAsync()` does (`?attempt=N` is its attempt). */
export function handleVerifyContext(
  ruleSet: RuleSet,
  body: unknown,
  run: JudgeRun = { judgeError: 'fail' },
  request: VerifyRequest = {},
): Promise<Verification> {
  return verifyAndRecord(ruleSet, requireObject(body, 'the context'), '/verify-context', run, request);
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

/** `GET /rules`: the loaded rule set's name and hash (what every result's `rule_set` names), profile, retry budget, and each rule. */
export function describeRules(ruleSet: RuleSet): unknown {
  const { name, hash } = ruleSetVersion(ruleSet);
  return {
    name,
    hash,
    profile: ruleSet.profile,
    max_retries: ruleSet.definition.max_retries ?? null,
    rules: ruleSet.definition.rules.map((r) => ({
      id: r.id,
      message: r.message ?? null,
      weight: r.weight,
      severity: r.severity,
      on_fail: r.on_fail,
      ...('judge' in r ? { judge: r.judge, ...(r.when !== undefined ? { when: r.when } : {}) } : { condition: r.condition }),
    })),
  };
}
