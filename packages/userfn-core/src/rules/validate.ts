import type { Span } from '../common/diagnostics/span.js';
import { isProfileName } from '../common/profiles/profiles.js';
import { suggest } from '../common/diagnostics/suggest.js';
import { RuleSetCodes, type RuleSetCode } from './codes.js';
import { readMaxRetries, resolveOnFail } from './decision.js';
import { describeLocated, type Located, type LocatedObject, type LocatedScalar } from './located.js';
import type { RuleDefinition, RuleSetProblem, RuleSetProfile, RuleSeverity } from './types.js';

/** The fields a rule set may have (`rules` is required; `$schema`, `name` and `description` are documentation). */
export const RULE_SET_FIELDS: readonly string[] = ['profile', 'rules', '$schema', 'name', 'description', 'max_retries'];
/** The fields a rule may have (`id` and `condition` are required). */
export const RULE_FIELDS: readonly string[] = ['id', 'condition', 'message', 'weight', 'severity', 'retry_prompt', 'on_fail'];
/** The values of a rule's `severity`. */
export const RULE_SEVERITIES: readonly RuleSeverity[] = ['error', 'warning'];
const RULE_SET_PROFILES: readonly RuleSetProfile[] = ['verification', 'transition'];

/** A string scalar: the condition of a rule, with its span and style when read from a text. */
export type StringScalar = LocatedScalar & { readonly value: string };

/** A rule whose shape is valid, with the scalar its condition came from (to place condition errors in the file). */
export interface RuleDraft {
  readonly definition: RuleDefinition;
  readonly conditionNode: StringScalar;
}

/** A rule's condition string, whatever else is wrong with the rule (an editor checks it all the same). */
export interface ConditionNode {
  readonly ruleId?: string;
  readonly node: StringScalar;
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
  /** Every rule's string condition, in order. */
  readonly conditions: readonly ConditionNode[];
  readonly problems: readonly StructureProblem[];
}

/** Turns a span of the document into a file position (undefined for a rule set given as an object). */
export type Locate = (span: Span | undefined) => RuleSetProblem['file'];

type Report = (code: RuleSetCode, message: string, span: Span | undefined, extra?: { ruleId?: string; suggestion?: string; hint?: string }) => void;

/** The first character of a value: where a problem about the whole of it (a field it lacks) is shown. */
const head = (span: Span | undefined): Span | undefined => span && { start: span.start, end: Math.min(span.end, span.start + 1) };

const didYouMean = (s: string | undefined) => (s !== undefined ? { suggestion: s, hint: `did you mean '${s}'?` } : {});

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
    return { profile: 'verification', drafts: [], conditions: [], problems };
  }
  const top = fields(root, RULE_SET_FIELDS, 'in the rule set', report);

  let profile: RuleSetProfile = 'verification';
  const p = top.get('profile');
  if (p) {
    if (p.kind !== 'scalar' || typeof p.value !== 'string') report(RuleSetCodes.WrongType, `'profile' must be a string, not ${describeLocated(p)}`, p.span);
    else if (p.value === 'verification' || p.value === 'transition') profile = p.value;
    else if (isProfileName(p.value)) report(RuleSetCodes.UnknownProfile, `a rule set needs a boolean profile (verification or transition), not '${p.value}'`, p.span);
    else report(RuleSetCodes.UnknownProfile, `unknown profile '${p.value}' (use verification or transition)`, p.span, didYouMean(suggest(p.value, RULE_SET_PROFILES)));
  }

  const topString = (key: string) => optionalString(top.get(key), `'${key}'`, (m, s) => report(RuleSetCodes.WrongType, m, s));
  const name = topString('name');
  const desc = topString('description');
  topString('$schema');
  const maxRetries = readMaxRetries(top.get('max_retries'), report);

  const drafts: RuleDraft[] = [];
  const conditions: ConditionNode[] = [];
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
      if (rule?.condition) conditions.push(rule.condition);
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
    problems,
  };
}

function validateRule(
  item: Located,
  index: number,
  firstSeen: Map<string, Span | undefined>,
  locate: Locate,
  report: Report,
): { draft?: RuleDraft; condition?: ConditionNode } | undefined {
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

  let condition: StringScalar | undefined;
  const c = f.get('condition');
  if (!c) {
    if (!item.incomplete) r(RuleSetCodes.MissingField, "no 'condition'", head(item.span));
  } else if (c.kind !== 'scalar' || typeof c.value !== 'string') r(RuleSetCodes.WrongType, `'condition' must be a string, not ${describeLocated(c)}`, c.span);
  else {
    condition = c as StringScalar;
    if (c.value.trim() === '') r(RuleSetCodes.EmptyValue, "'condition' is empty", c.span);
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
      r(RuleSetCodes.InvalidSeverity, `'severity' must be 'error' or 'warning', not ${what}`, s.span, didYouMean(text !== undefined ? suggest(text, RULE_SEVERITIES) : undefined));
    }
  }

  const decided = resolveOnFail(f.get('on_fail'), severity, r);

  const conditionNode: ConditionNode | undefined = condition && { ...(id !== undefined ? { ruleId: id } : {}), node: condition };
  if (!ok || id === undefined || !condition) return { ...(conditionNode ? { condition: conditionNode } : {}) };
  const definition: RuleDefinition = {
    id,
    condition: condition.value,
    ...(message !== undefined ? { message } : {}),
    weight,
    severity: decided.severity,
    ...(retry !== undefined ? { retry_prompt: retry } : {}),
    on_fail: decided.onFail,
  };
  return { draft: { definition, conditionNode: condition }, ...(conditionNode ? { condition: conditionNode } : {}) };
}

/** The object's known fields by name; every unknown field (with a did-you-mean) and repeated one is reported. */
function fields(o: LocatedObject, known: readonly string[], where: string, report: Report): Map<string, Located> {
  const out = new Map<string, Located>();
  const seen = new Set<string>();
  for (const e of o.entries) {
    if (seen.has(e.key)) report(RuleSetCodes.DuplicateField, `field '${e.key}' appears twice ${where}`, e.keySpan);
    seen.add(e.key);
    if (known.includes(e.key)) {
      if (!out.has(e.key)) out.set(e.key, e.value);
    } else {
      const s = suggest(e.key, known);
      report(RuleSetCodes.UnknownField, `unknown field '${e.key}' ${where}`, e.keySpan, s !== undefined ? didYouMean(s) : { hint: `the fields are ${known.join(', ')}` });
    }
  }
  return out;
}

function optionalString(v: Located | undefined, what: string, wrong: (message: string, span: Span | undefined) => void): string | undefined {
  if (!v) return undefined;
  if (v.kind === 'scalar' && typeof v.value === 'string') return v.value;
  wrong(`${what} must be a string, not ${describeLocated(v)}`, v.span);
  return undefined;
}
