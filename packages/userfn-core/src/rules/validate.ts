import type { Span } from '../common/diagnostics/span.js';
import { isProfileName } from '../common/profiles/profiles.js';
import { suggest } from '../common/diagnostics/suggest.js';
import { RuleSetCodes, type RuleSetCode } from './codes.js';
import { validateJudge, type JudgeNode } from './judge-validate.js';
import { readMaxRetries, resolveOnFail } from './decision.js';
import { describeLocated, type Located, type LocatedScalar } from './located.js';
import type { JudgeSpec, RuleDefinition, RuleSetProblem, RuleSetProfile, RuleSeverity } from './types.js';
import { didYouMean, fields, head, optionalString, type Report } from './validate-fields.js';

/** The fields a rule set may have (`rules` is required; `$schema`, `name` and `description` are documentation). */
export const RULE_SET_FIELDS: readonly string[] = ['profile', 'rules', '$schema', 'name', 'description', 'max_retries'];
/** The fields a rule may have (`id` is required, and either `condition` or `judge`; `when` goes with `judge`). */
export const RULE_FIELDS: readonly string[] = ['id', 'condition', 'judge', 'when', 'message', 'weight', 'severity', 'retry_prompt', 'on_fail'];
/** The values of a rule's `severity`. */
export const RULE_SEVERITIES: readonly RuleSeverity[] = ['error', 'warning'];
const RULE_SET_PROFILES: readonly RuleSetProfile[] = ['verification', 'transition'];

/** A string scalar: the condition of a rule, with its span and style when read from a text. */
export type StringScalar = LocatedScalar & { readonly value: string };

/**
 * A rule whose shape is valid, with the scalar its condition (or its judge's
 * `when`) came from, to place condition errors in the file.
 */
export interface RuleDraft {
  readonly definition: RuleDefinition;
  /** The condition of a condition rule, the `when` of a judge rule (absent for a judge without one). */
  readonly conditionNode?: StringScalar;
}

/** A rule's condition or `when` string, whatever else is wrong with the rule (an editor checks it all the same). */
export interface ConditionNode {
  readonly ruleId?: string;
  readonly field: 'condition' | 'when';
  readonly node: StringScalar;
}

/** A rule's `judge` object as found, whatever else is wrong with the rule (for editors). */
export interface JudgeObjectNode extends JudgeNode {
  readonly ruleId?: string;
}

/** A problem of the rule set's structure, at the span of the document it is about (absent for an object). */
export interface StructureProblem {
  readonly code: RuleSetCode;
  readonly message: string;
  readonly span?: Span;
  readonly ruleId?: string;
  readonly hint?: string;
  /** What the text at `span` was probably meant to be (a misspelt field, profile or severity). */
  readonly suggestion?: string;
}

/** What validation found: the usable parts and every problem. */
export interface Validated {
  readonly profile: RuleSetProfile;
  readonly name?: string;
  readonly description?: string;
  readonly max_retries?: number;
  /** The valid rules, in order. */
  readonly drafts: readonly RuleDraft[];
  /** Every rule's string condition (and `when`), in order. */
  readonly conditions: readonly ConditionNode[];
  /** Every rule's `judge` object, in order. */
  readonly judges: readonly JudgeObjectNode[];
  readonly problems: readonly StructureProblem[];
}

/** Turns a span of the document into a file position (undefined for a rule set given as an object). */
export type Locate = (span: Span | undefined) => RuleSetProblem['file'];

/**
 * Checks the shape of a rule set and collects every problem (it never stops
 * at the first): unknown fields, missing or empty ids and conditions, duplicate
 * ids, bad weights, severities and profile. Conditions are compiled later.
 */
export function validateRuleSet(root: Located, locate: Locate): Validated {
  const problems: StructureProblem[] = [];
  const report: Report = (code, message, span, extra = {}) => {
    problems.push({
      code,
      message,
      ...(span ? { span } : {}),
      ...(extra.ruleId !== undefined ? { ruleId: extra.ruleId } : {}),
      ...(extra.hint !== undefined ? { hint: extra.hint } : {}),
      ...(extra.suggestion !== undefined ? { suggestion: extra.suggestion } : {}),
    });
  };

  if (root.kind !== 'object') {
    report(RuleSetCodes.WrongType, `a rule set must be an object with a 'rules' list, not ${describeLocated(root)}`, root.span);
    return { profile: 'verification', drafts: [], conditions: [], judges: [], problems };
  }
  const top = fields(root, RULE_SET_FIELDS, 'in the rule set', report);

  let profile: RuleSetProfile = 'verification';
  const p = top.get('profile');
  if (p) {
    if (p.kind !== 'scalar' || typeof p.value !== 'string') report(RuleSetCodes.WrongType, `'profile' must be a string, not ${describeLocated(p)}`, p.span);
    else if (p.value === 'verification' || p.value === 'transition') profile = p.value;
    else if (isProfileName(p.value))
      report(RuleSetCodes.UnknownProfile, `a rule set needs a boolean profile (verification or transition), not '${p.value}'`, p.span);
    else
      report(
        RuleSetCodes.UnknownProfile,
        `unknown profile '${p.value}' (use verification or transition)`,
        p.span,
        didYouMean(suggest(p.value, RULE_SET_PROFILES)),
      );
  }

  const topString = (key: string) => optionalString(top.get(key), `'${key}'`, (m, s) => report(RuleSetCodes.WrongType, m, s));
  const name = topString('name');
  const desc = topString('description');
  topString('$schema');
  const maxRetries = readMaxRetries(top.get('max_retries'), report);

  const drafts: RuleDraft[] = [];
  const conditions: ConditionNode[] = [];
  const judges: JudgeObjectNode[] = [];
  const rules = top.get('rules');
  if (!rules) {
    if (!root.incomplete) report(RuleSetCodes.MissingField, "a rule set needs a 'rules' list", head(root.span));
  } else if (rules.kind !== 'array') report(RuleSetCodes.WrongType, `'rules' must be a list, not ${describeLocated(rules)}`, rules.span);
  else if (rules.items.length === 0) {
    if (!rules.incomplete) report(RuleSetCodes.NoRules, "'rules' is empty: a rule set needs at least one rule", rules.span);
  } else {
    const firstSeen = new Map<string, Span | undefined>();
    rules.items.forEach((item, index) => {
      const rule = validateRule(item, index, firstSeen, locate, report);
      if (rule) conditions.push(...rule.conditions);
      if (rule?.judge) judges.push(rule.judge);
      if (rule?.draft) drafts.push(rule.draft);
    });
  }
  return {
    profile,
    ...(name !== undefined ? { name } : {}),
    ...(desc !== undefined ? { description: desc } : {}),
    ...(maxRetries !== undefined ? { max_retries: maxRetries } : {}),
    drafts,
    conditions,
    judges,
    problems,
  };
}

function validateRule(
  item: Located,
  index: number,
  firstSeen: Map<string, Span | undefined>,
  locate: Locate,
  report: Report,
): { draft?: RuleDraft; conditions: ConditionNode[]; judge?: JudgeObjectNode } | undefined {
  const label = `rule #${index + 1}`;
  if (item.kind !== 'object') {
    report(RuleSetCodes.WrongType, `${label} must be an object, not ${describeLocated(item)}`, item.span);
    return undefined;
  }
  const idNode = item.entries.find((e) => e.key === 'id')?.value;
  let id: string | undefined;
  let ok = true;
  if (!idNode) {
    if (!item.incomplete) report(RuleSetCodes.MissingField, `${label} has no 'id'`, head(item.span));
    ok = false;
  } else if (idNode.kind !== 'scalar' || typeof idNode.value !== 'string') {
    report(RuleSetCodes.WrongType, `the 'id' of ${label} must be a string, not ${describeLocated(idNode)}`, idNode.span);
    ok = false;
  } else if (idNode.value.trim() === '') {
    report(RuleSetCodes.EmptyValue, `the 'id' of ${label} is empty`, idNode.span);
    ok = false;
  } else {
    id = idNode.value;
    if (firstSeen.has(id)) {
      const first = locate(firstSeen.get(id));
      report(RuleSetCodes.DuplicateId, `duplicate rule id '${id}'${first ? ` (first defined at line ${first.line})` : ''}`, idNode.span, { ruleId: id });
    } else firstSeen.set(id, idNode.span);
  }
  // Every problem of this rule carries its id when it has a usable one (the
  // message then need not name the rule; otherwise it names its position) and
  // makes the rule unusable.
  const r: Report = (code, message, span, extra = {}) => {
    report(code, id !== undefined ? message : `${label}: ${message}`, span, { ...extra, ...(id !== undefined ? { ruleId: id } : {}) });
    ok = false;
  };

  const f = fields(item, RULE_FIELDS, 'in the rule', r);

  // Either a condition or a judge (with an optional `when`): both are checked, whichever is wrong.
  const c = f.get('condition');
  const j = f.get('judge');
  const wn = f.get('when');
  if (c && j)
    r(RuleSetCodes.RuleKind, "a rule has either a 'condition' or a 'judge', not both", keySpan(item, 'judge'), {
      hint: "put the deterministic check in a rule of its own, or in the judge's 'when'",
    });
  else if (!c && !j) {
    if (!item.incomplete) r(RuleSetCodes.MissingField, "no 'condition' (or 'judge')", head(item.span));
  }
  if (wn && !j && c)
    r(RuleSetCodes.RuleKind, "'when' applies to judge rules only", keySpan(item, 'when'), { hint: 'in a condition rule, write not (when) or (condition)' });
  const condition = c && conditionString(c, 'condition', r);
  const when = wn && conditionString(wn, 'when', r);
  let judge: JudgeObjectNode | undefined;
  let spec: JudgeSpec | undefined;
  if (j) {
    const jn = validateJudge(j, r);
    spec = jn.spec;
    judge = { ...(id !== undefined ? { ruleId: id } : {}), ...jn };
    if (!jn.spec) ok = false;
  }

  const wrongType = (m: string, s: Span | undefined) => r(RuleSetCodes.WrongType, m, s);
  const message = optionalString(f.get('message'), "'message'", wrongType);
  const retry = optionalString(f.get('retry_prompt'), "'retry_prompt'", wrongType);

  let weight = 1;
  const w = f.get('weight');
  if (w) {
    if (w.kind === 'scalar' && typeof w.value === 'number' && Number.isFinite(w.value) && w.value >= 0) weight = w.value;
    else {
      const what = w.kind === 'scalar' && typeof w.value === 'number' ? String(w.value) : describeLocated(w);
      r(RuleSetCodes.InvalidWeight, `'weight' must be a finite number >= 0, not ${what}`, w.span);
    }
  }

  let severity: RuleSeverity | undefined;
  const s = f.get('severity');
  if (s) {
    if (s.kind === 'scalar' && (s.value === 'error' || s.value === 'warning')) severity = s.value;
    else {
      const text = s.kind === 'scalar' && typeof s.value === 'string' ? s.value : undefined;
      const what = text !== undefined ? `'${text}'` : describeLocated(s);
      r(
        RuleSetCodes.InvalidSeverity,
        `'severity' must be 'error' or 'warning', not ${what}`,
        s.span,
        didYouMean(text !== undefined ? suggest(text, RULE_SEVERITIES) : undefined),
      );
    }
  }

  const decided = resolveOnFail(f.get('on_fail'), severity, r);

  const owner = id !== undefined ? { ruleId: id } : {};
  const conditions: ConditionNode[] = [];
  if (condition) conditions.push({ ...owner, field: 'condition', node: condition });
  if (when) conditions.push({ ...owner, field: 'when', node: when });
  const found = { conditions, ...(judge ? { judge } : {}) };
  if (!ok || id === undefined || (!condition && !spec) || (wn !== undefined && !when)) return found;
  const common = {
    id,
    ...(message !== undefined ? { message } : {}),
    weight,
    severity: decided.severity,
    ...(retry !== undefined ? { retry_prompt: retry } : {}),
    on_fail: decided.onFail,
  };
  if (spec)
    return { draft: { definition: { ...common, judge: spec, ...(when ? { when: when.value } : {}) }, ...(when ? { conditionNode: when } : {}) }, ...found };
  return { draft: { definition: { ...common, condition: condition!.value }, conditionNode: condition! }, ...found };
}

/** The key's span of a rule's field (where a problem about having that field is shown). */
function keySpan(item: { readonly entries: readonly { key: string; keySpan?: Span }[] }, key: string): Span | undefined {
  return item.entries.find((e) => e.key === key)?.keySpan;
}

/** A `condition` or `when`: a non-empty string (compiled later). */
function conditionString(v: Located, name: string, r: Report): StringScalar | undefined {
  if (v.kind !== 'scalar' || typeof v.value !== 'string') {
    r(RuleSetCodes.WrongType, `'${name}' must be a string, not ${describeLocated(v)}`, v.span);
    return undefined;
  }
  if (v.value.trim() === '') r(RuleSetCodes.EmptyValue, `'${name}' is empty`, v.span);
  return v as StringScalar;
}
