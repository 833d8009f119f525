import type { CasesProblem, RuleSetCase } from './cases.js';
import { suggest } from '../common/diagnostics/suggest.js';
import { nemoGymToContext } from './nemo-gym.js';
import type { JudgeBackend } from './judge-request.js';
import type { JudgeErrorPolicy, JudgeVerdictInput, RuleSet, RuleSeverity, Verification, VerifyOptions } from './types.js';
import { verify, verifyAsync } from './verify.js';

/** Scores closer than this are equal (a weighted sum need not be exact in binary). */
export const SCORE_TOLERANCE = 1e-9;

/** One expectation the verification did not meet. */
export interface CaseMismatch {
  readonly field: 'passed' | 'score' | 'failures' | 'warnings' | 'decision' | 'retry_prompt';
  readonly expected: unknown;
  readonly actual: unknown;
}

/** A rule a failing case is about, with why it did (not) hold. */
export interface InvolvedRule {
  readonly id: string;
  readonly severity: RuleSeverity;
  readonly held: boolean;
  /** Why it did not hold (absent when it held). */
  readonly explanation?: string;
}

/** How one case went. */
export interface CaseOutcome {
  readonly case: RuleSetCase;
  /** True when every expectation was met. */
  readonly ok: boolean;
  readonly mismatches: readonly CaseMismatch[];
  /**
   * For a failed case: the rules whose outcome differs from the expected ids,
   * or, when the ids were right (or not given), every rule that did not hold.
   */
  readonly involved: readonly InvolvedRule[];
  readonly verification?: Verification;
  /** The input could not be verified (not a NeMo Gym rollout, a bad clock…): the case failed. */
  readonly error?: string;
}

const sorted = (ids: readonly string[]) => [...ids].sort();
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && sorted(a).every((x, i) => x === sorted(b)[i]);

/** The ids of the rules of `severity` that did not hold, in rule-set order. */
export function missedIds(v: Verification, severity: RuleSeverity): string[] {
  return v.results.filter((r) => !r.passed && r.severity === severity).map((r) => r.id);
}

/** The context a case verifies: its context, or its rollout mapped (throws a TypeError for a value that is not a rollout). */
export function caseContext(c: RuleSetCase): unknown {
  return c.format === 'nemo-gym' ? nemoGymToContext(c.input) : c.input;
}

/** A case's scripted judge: its verdicts, and for a judge rule it gives none, an error that says so (no endpoint is called). */
function scripted(ruleSet: RuleSet, c: RuleSetCase): Record<string, JudgeVerdictInput> {
  const verdicts: Record<string, JudgeVerdictInput> = Object.create(null);
  for (const j of ruleSet.judges) verdicts[j.id] = c.judge?.[j.id] ?? { error: `the case gives no verdict for it (add '${j.id}' to the case's 'judge')` };
  return verdicts;
}

/** The clock and attempt a case verifies with: its own, else the run's. */
function caseOptions(c: RuleSetCase, defaults: VerifyOptions): VerifyOptions {
  const now = c.now ?? defaults.now;
  const attempt = c.attempt ?? defaults.attempt;
  return { ...(now !== undefined ? { now } : {}), ...(attempt !== undefined ? { attempt } : {}) };
}

const unverified = (c: RuleSetCase, e: unknown): CaseOutcome => ({ case: c, ok: false, mismatches: [], involved: [], error: (e as Error).message });

/**
 * Verifies one case's input and compares the verification with what the case
 * expects. Judge rules take the case's scripted verdicts (`judge`).
 */
export function runCase(ruleSet: RuleSet, c: RuleSetCase, defaults: VerifyOptions = {}): CaseOutcome {
  let v: Verification;
  try {
    v = verify(ruleSet, caseContext(c), {
      ...caseOptions(c, defaults),
      ...(ruleSet.judges.length > 0 ? { verdicts: scripted(ruleSet, c) } : {}),
    });
  } catch (e) {
    return unverified(c, e);
  }
  return compareCase(c, v);
}

/** A live judge for the cases that script none: the endpoint, and what a judge error does. */
export interface LiveJudge {
  readonly backend: JudgeBackend;
  readonly policy: JudgeErrorPolicy;
}

/**
 * runCase, except that a case of a rule set with judge rules that scripts no
 * verdicts (`judge` absent) asks the live judge, as `userfn verify` would; a
 * case that scripts them keeps its script. Under the `abort` policy a judge
 * error makes the case unverified (its error says which rule).
 */
export async function runCaseJudged(ruleSet: RuleSet, c: RuleSetCase, defaults: VerifyOptions, judge: LiveJudge): Promise<CaseOutcome> {
  if (ruleSet.judges.length === 0 || c.judge !== undefined) return runCase(ruleSet, c, defaults);
  let v: Verification;
  try {
    v = await verifyAsync(ruleSet, caseContext(c), { ...caseOptions(c, defaults), judge: judge.backend, judgeError: judge.policy });
  } catch (e) {
    return unverified(c, e);
  }
  return compareCase(c, v);
}

/** Compares a case's verification with what the case expects. */
function compareCase(c: RuleSetCase, v: Verification): CaseOutcome {
  const e = c.expect;
  const mismatches: CaseMismatch[] = [];
  const failures = missedIds(v, 'error');
  const warnings = missedIds(v, 'warning');
  if (v.passed !== e.passed) mismatches.push({ field: 'passed', expected: e.passed, actual: v.passed });
  if (e.score !== undefined && !(Math.abs(v.score - e.score) <= SCORE_TOLERANCE)) mismatches.push({ field: 'score', expected: e.score, actual: v.score });
  if (e.failures && !sameSet(e.failures, failures)) mismatches.push({ field: 'failures', expected: sorted(e.failures), actual: sorted(failures) });
  if (e.warnings && !sameSet(e.warnings, warnings)) mismatches.push({ field: 'warnings', expected: sorted(e.warnings), actual: sorted(warnings) });
  if (e.decision !== undefined && v.decision !== e.decision) mismatches.push({ field: 'decision', expected: e.decision, actual: v.decision });
  if (e.retry_prompt !== undefined && v.retry_prompt !== e.retry_prompt)
    mismatches.push({ field: 'retry_prompt', expected: e.retry_prompt, actual: v.retry_prompt ?? null });
  if (mismatches.length === 0) return { case: c, ok: true, mismatches, involved: [], verification: v };

  const expectedMissed = new Set([...(e.failures ?? []), ...(e.warnings ?? [])]);
  const idsChecked = (severity: RuleSeverity) => (severity === 'error' ? e.failures : e.warnings) !== undefined;
  const differing = v.results.filter((r) => idsChecked(r.severity) && r.passed === expectedMissed.has(r.id));
  const involved = (differing.length > 0 ? differing : v.results.filter((r) => !r.passed)).map(
    (r): InvolvedRule => ({ id: r.id, severity: r.severity, held: r.passed, ...(r.explanation !== undefined ? { explanation: r.explanation } : {}) }),
  );
  return { case: c, ok: false, mismatches, involved, verification: v };
}

/**
 * Problems of cases against the rule set they test: an expected id that names
 * no rule, or a rule of the other severity, and a scripted judge verdict for
 * an id that is not a judge rule (a typo would otherwise make the case fail
 * for a reason the rule set cannot fix).
 */
export function checkCaseIds(ruleSet: RuleSet, cases: readonly RuleSetCase[]): CasesProblem[] {
  const severity = new Map(ruleSet.definition.rules.map((r) => [r.id, r.severity]));
  const judges = new Set(ruleSet.judges.map((j) => j.id));
  const problems: CasesProblem[] = [];
  for (const c of cases) {
    for (const [key, want] of [
      ['failures', 'error'],
      ['warnings', 'warning'],
    ] as const) {
      for (const id of c.expect[key] ?? []) {
        const s = severity.get(id);
        const message =
          s === undefined
            ? `case '${c.title}': '${key}' names '${id}', which is not a rule of the rule set`
            : s !== want
              ? `case '${c.title}': '${id}' is a${s === 'error' ? 'n error' : ' warning'} rule: list it under '${key === 'failures' ? 'warnings' : 'failures'}'`
              : undefined;
        if (message) problems.push({ message, ...(c.file ? { file: c.file } : {}) });
      }
    }
    for (const id of Object.keys(c.judge ?? {})) {
      if (judges.has(id)) continue;
      const file = c.judgeAt?.[id] ?? c.file;
      const near = suggest(id, [...judges]);
      const what = severity.has(id)
        ? 'a condition rule: only judge rules take a verdict'
        : `not a rule of the rule set${near ? ` (did you mean '${near}'?)` : ''}`;
      problems.push({ message: `case '${c.title}': 'judge' gives a verdict for '${id}', which is ${what}`, ...(file ? { file } : {}) });
    }
  }
  return problems;
}
