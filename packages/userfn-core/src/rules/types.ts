import type { Compiled } from '../api/compiled.js';
import type { CompileOptions } from '../api/options.js';
import type { Code } from '../common/diagnostics/codes.js';
import type { Severity } from '../common/diagnostics/diagnostic.js';
import type { LocatedSpan, Span } from '../common/diagnostics/span.js';
import type { UserFnError } from '../common/diagnostics/user-fn-error.js';
import type { RuleSetCode } from './codes.js';
import type { ScalarStyle } from './located.js';
import type { OffsetMap } from './offset-map.js';

/** error (the default) fails the record; warning is reported and counts in the score only. */
export type RuleSeverity = 'error' | 'warning';

/**
 * What a rule's failure means for the agent: `retry` (the default of an error
 * rule) asks for another attempt with the rule's retry prompt, `abort` ends
 * the episode, `warn` only lowers the score — `on_fail: warn` and `severity:
 * warning` are one setting written two ways (each implies the other).
 */
export type OnFail = 'retry' | 'abort' | 'warn';

/** What a verification tells the agent to do next. */
export type Decision = 'accept' | 'retry' | 'abort';

/** The profiles a rule set may use: both give booleans. */
export type RuleSetProfile = 'verification' | 'transition';

/** What every rule has, with defaults applied. */
interface RuleCommon {
  readonly id: string;
  readonly message?: string;
  readonly weight: number;
  readonly severity: RuleSeverity;
  readonly retry_prompt?: string;
  /** Always set: `warn` for a warning rule, else `retry` unless the rule says `abort`. */
  readonly on_fail: OnFail;
}

/** A rule decided by a UserFn condition. Plain JSON. */
export interface ConditionRuleDefinition extends RuleCommon {
  readonly condition: string;
}

/**
 * What a judge is asked, and what it sees: `prompt` is the criterion (the
 * rule-set author's, trusted); `include` names the parts of the context it
 * judges (default: the final output); `threshold` also asks the judge's score
 * to reach it; `samples` asks that many times and takes the majority.
 */
export interface JudgeSpec {
  readonly prompt: string;
  /** `output`, `task`, `tool_calls`, `tools`, or a JSONPath (`$…`); default `['output']`. */
  readonly include: readonly string[];
  readonly threshold?: number;
  /** 1 (the default) to 9. */
  readonly samples: number;
}

/** A rule decided by an LLM judge, run only when its `when` condition holds (if it has one). Plain JSON. */
export interface JudgeRuleDefinition extends RuleCommon {
  readonly judge: JudgeSpec;
  readonly when?: string;
}

/** One rule as written in a rule set, with defaults applied: a condition or a judge. Plain JSON. */
export type RuleDefinition = ConditionRuleDefinition | JudgeRuleDefinition;

/** A validated rule set as plain JSON: what `loadRuleSet` accepts back (e.g. in a worker thread). */
export interface RuleSetDefinition {
  readonly profile: RuleSetProfile;
  readonly name?: string;
  readonly description?: string;
  /** How many retries an agent gets (attempts 1 to 1 + max_retries); absent: no limit. */
  readonly max_retries?: number;
  readonly rules: readonly RuleDefinition[];
}

/** Which rule set produced a result: its `name` (null without one) and a hash of its content (see `ruleSetVersion`). */
export interface RuleSetVersion {
  readonly name: string | null;
  /** `sha256:` and 16 hex digits. */
  readonly hash: string;
}

/** A condition rule with its condition compiled once. */
export interface Rule extends ConditionRuleDefinition {
  readonly compiled: Compiled;
}

/** A judge rule, with its `when` compiled once and its JSONPath includes compiled. */
export interface JudgeRule extends JudgeRuleDefinition {
  readonly whenCompiled?: Compiled;
  /** Its position among all the rules (results are in rule-set order). */
  readonly index: number;
}

/** A loaded rule set: every condition compiled, ready for `verify`. */
export interface RuleSet {
  readonly profile: RuleSetProfile;
  /** The condition rules, in rule-set order. */
  readonly rules: readonly Rule[];
  /** The judge rules, in rule-set order (empty for most rule sets: then `verify` is all it takes). */
  readonly judges: readonly JudgeRule[];
  /** The sum of every rule's weight, conditions and judges (the score's denominator). */
  readonly totalWeight: number;
  /** The definition the rule set was built from (plain JSON, with defaults applied). */
  readonly definition: RuleSetDefinition;
  /** True when `definition` alone rebuilds this rule set (no host schema or functions): it can run on worker threads. */
  readonly portable: boolean;
  /** Checker warnings of the conditions (an undeclared path, …): the rule set is usable. */
  readonly warnings: readonly RuleSetProblem[];
}

/** A 1-based line and column (UTF-16 code units) in a rule-set file. */
export interface FilePosition {
  readonly line: number;
  readonly column: number;
}

/** One problem found while loading a rule set. */
export interface RuleSetProblem {
  /** The rule's id, when the rule has a usable one. */
  readonly ruleId?: string;
  readonly message: string;
  /** A UserFn code (UF…) for a condition that does not compile, else a rule-set code (RS…). */
  readonly code: Code | RuleSetCode;
  /** Where in the condition, for a condition that does not compile. */
  readonly span?: LocatedSpan;
  /** Where in the file (text input only). */
  readonly file?: FilePosition;
  readonly hint?: string;
}

/** How a rule-set text is read. */
export interface ReadRuleSetDocumentOptions {
  /** Named in messages; its extension (.json, .yaml, .yml) picks the format of a text. */
  readonly fileName?: string;
  /** Forces the text format; by default from the file name, else JSON when the text starts with `{`. */
  readonly format?: 'json' | 'yaml';
}

/** Options for `loadRuleSet`. */
export interface LoadRuleSetOptions extends ReadRuleSetDocumentOptions {
  /** Passed to `compile` for every condition (a host's own schema and functions). */
  readonly contextSchema?: CompileOptions['contextSchema'];
  readonly functions?: CompileOptions['functions'];
}

/**
 * What a judge error (a call that failed after its retries, a reply that does
 * not fit) does to the verdict and the score: `fail` (the default) counts the
 * rule as not holding, `skip` leaves it out of the verdict and the score,
 * `abort` stops (verifyAsync rejects with a JudgeAbortError). Whatever the
 * policy, the rule's result says `error` and the verification is `incomplete`.
 */
export type JudgeErrorPolicy = 'fail' | 'skip' | 'abort';

/** Options for `verify`. */
export interface VerifyOptions {
  /** Fixes the clock: every rule of one verification sees this one instant. */
  readonly now?: Date | string;
  /** What a judge error does (default `fail`); `verify` itself runs no judge: its judge rules are errors, `not run: no judge endpoint`. */
  readonly judgeError?: JudgeErrorPolicy;
  /** The agent's attempt, 1 for the first (the default): a retry past the rule set's `max_retries` becomes an abort. */
  readonly attempt?: number;
  /**
   * `verify` only: verdicts the caller already has for judge rules, by rule id
   * (a test case's scripted judge, a replay): a judge rule whose `when` holds
   * takes its verdict from here instead of being `not run`. A verdict passes
   * when `pass` is true and `score` (default 1 for a pass, 0 for a fail)
   * reaches the rule's threshold, as a judge's reply would.
   */
  readonly verdicts?: Readonly<Record<string, JudgeVerdictInput>>;
}

/** A judge rule's verdict given by the caller (`VerifyOptions.verdicts`): the judge's answer, or an error it gave. */
export type JudgeVerdictInput = { readonly pass: boolean; readonly score?: number; readonly reason?: string } | { readonly error: string };

/** The outcome of a judge rule (on `RuleResult.judge`). */
export interface JudgeRuleReport {
  /** `skipped`: its `when` did not hold (the rule counts as held); `error`: no usable verdict (see `error`). */
  readonly verdict: 'pass' | 'fail' | 'error' | 'skipped';
  /** The judge's reason (of the majority, with samples). */
  readonly reason?: string;
  /** The judge's score, 0..1 (the mean of the answering samples). */
  readonly score?: number;
  /** What went wrong, for an error. */
  readonly error?: string;
  /** With samples > 1: how the samples voted; `disagreement` when they did not all agree. */
  readonly votes?: { readonly pass: number; readonly fail: number; readonly error: number };
  readonly disagreement?: boolean;
  /** One record per request that judged this rule (one per sample), for audit. */
  readonly calls?: readonly JudgeCallRecord[];
}

/** What one judge request was and how it went, as recorded for audit. */
export interface JudgeCallRecord {
  /** `sha256:<hex>` of everything that shapes the reply (also the cache key). */
  readonly request: string;
  readonly cached: boolean;
  /** Wall time of the call, retries included (0 for a cache hit). */
  readonly latencyMs: number;
  /** Token counts when the endpoint reports them (a cache hit reports the original's). */
  readonly tokens?: { readonly prompt: number; readonly completion: number };
  /** How many attempts the call took (1 without retries). */
  readonly attempts?: number;
  /** The reply's text as the endpoint sent it (only with audit on). */
  readonly raw?: string;
  /** Ids the reply answered that were not asked: ignored. */
  readonly ignored?: readonly string[];
}

/** The outcome of one rule. `message`, `explanation` and `retry_prompt` are set only when it did not hold. */
export interface RuleResult {
  readonly id: string;
  /** True when the condition gave `true` (null, false and errors do not hold). */
  readonly passed: boolean;
  readonly severity: RuleSeverity;
  readonly message?: string;
  /** One line: why it did not hold (the values at fault), or the error with its position. */
  readonly explanation?: string;
  /** The runtime error, when the evaluation raised one. */
  readonly error?: ReturnType<UserFnError['toJSON']>;
  readonly retry_prompt?: string;
  /** For a judge rule: its verdict, reason and audit records. */
  readonly judge?: JudgeRuleReport;
}

/** The outcome of a rule set on one context. */
export interface Verification {
  /** True when every error-severity rule held. */
  readonly passed: boolean;
  /** The weighted fraction of rules that held, 0..1: a reward signal. */
  readonly score: number;
  /** One result per rule, in rule-set order. */
  readonly results: readonly RuleResult[];
  /** Present (true) when some judge rule has no verdict (an error): `passed` and `score` follow the judge-error policy. */
  readonly incomplete?: true;
  /** accept when `passed`; abort when an `on_fail: abort` rule failed or the retries are spent; else retry. */
  readonly decision: Decision;
  /** For retry: the retry prompts of the failed rules (their message when they have none), one per line. */
  readonly retry_prompt?: string;
  /** The attempt this verification judged (1 unless the caller said otherwise). */
  readonly attempt: number;
  /** The rule set that produced it. */
  readonly rule_set: RuleSetVersion;
}

/**
 * A rule-set file as tools read it (editors, linters): the rules' conditions
 * where they stand in the file, and the problems of the file itself. It holds
 * what `loadRuleSet` would see, without compiling the conditions.
 */
export interface RuleSetDocument {
  readonly format: 'json' | 'yaml';
  /** The profile the loader compiles the conditions with: the rule set's own, else verification. */
  readonly profile: RuleSetProfile;
  /** Every rule's condition (and judge rule's `when`) that is a string, in file order, also those of rules with other problems. */
  readonly conditions: readonly RuleSetCondition[];
  /** Every rule's `judge` object, in file order: where it stands and the fields it has (for editors to complete the others). */
  readonly judges: readonly RuleSetJudgeObject[];
  /** Syntax and structure problems, in file order (after a syntax error, those of the part read before it). */
  readonly problems: readonly RuleSetFileProblem[];
}

/** A rule's condition where it stands in a rule-set file. */
export interface RuleSetCondition {
  /** The rule's id, when it has a usable one. */
  readonly ruleId?: string;
  /** Which field holds it: a condition rule's `condition`, or a judge rule's `when`. */
  readonly field: 'condition' | 'when';
  /** The condition as the loader compiles it (decoded from its JSON or YAML string). */
  readonly condition: string;
  /** The string in the file: its quotes, or its block header, included. */
  readonly span: Span;
  /** How the string is written; absent for a YAML alias (its text is at the anchor). */
  readonly style?: ScalarStyle;
  /** Condition offsets to file offsets and back: exact through escapes, quoting and folding, else (`exact` false) the whole string. */
  readonly map: OffsetMap;
}

/** A rule's `judge` object where it stands in a rule-set file. */
export interface RuleSetJudgeObject {
  readonly ruleId?: string;
  /** The object's text (braces included in JSON; the mapping's lines in YAML). */
  readonly span: Span;
  /** The fields it has, in file order. */
  readonly fields: readonly string[];
}

/** A problem of a rule-set file's own text: its syntax or its structure. */
export interface RuleSetFileProblem {
  /** RS001 for a syntax error, RS012 for a YAML warning, else the structure problem's code. */
  readonly code: RuleSetCode;
  /** Only a YAML warning is a warning. */
  readonly severity: Severity;
  readonly message: string;
  /** Half-open UTF-16 offsets in the file. */
  readonly span: Span;
  /** The rule's id, when the problem is about a rule with a usable one (the message then does not name the rule). */
  readonly ruleId?: string;
  readonly hint?: string;
  /** What the text at `span` was probably meant to be: a misspelt field name, profile or severity. */
  readonly suggestion?: string;
}
