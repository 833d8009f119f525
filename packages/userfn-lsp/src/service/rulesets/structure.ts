/**
 * Checks a rule set's own structure (unknown fields, duplicate ids, missing or
 * mistyped fields) on the neutral outline, and collects each rule's condition.
 */
import { isProfileName, PROFILE_NAMES, suggest, type ProfileName } from '@userfn/core';
import { RULE_FIELDS, RULE_SET_FIELDS, SEVERITIES } from './fields.js';
import type { FileProblem, Outline, OutlineMember, OutlineValue } from './outline.js';

/** One rule's condition as found in the file. */
export interface RuleCondition {
  /** The rule's id when it has a string one. */
  readonly ruleId: string | undefined;
  readonly literal: Extract<OutlineValue, { kind: 'string' }>;
}

/** What the structure check found. */
export interface RuleSetStructure {
  /** The rule set's own profile, when it names a valid one. */
  readonly profile: ProfileName | undefined;
  readonly conditions: readonly RuleCondition[];
  readonly problems: readonly FileProblem[];
}

const JSON_KIND: Readonly<Record<OutlineValue['kind'], string>> = {
  object: 'an object',
  array: 'a list',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  other: 'a value of another kind',
};

/** Checks the structure and collects the conditions. */
export function checkStructure(outline: Outline): RuleSetStructure {
  const problems: FileProblem[] = [];
  const conditions: RuleCondition[] = [];
  const error = (at: { start: number; end: number }, code: string, message: string, severity: 'error' | 'warning' = 'error'): void => {
    problems.push({ start: at.start, end: at.end, code, message, severity });
  };

  const unknownFields = (members: readonly OutlineMember[], known: readonly string[], where: string): void => {
    const seen = new Set<string>();
    for (const m of members) {
      const at = { start: m.keyStart, end: m.keyEnd };
      if (seen.has(m.key)) error(at, 'rules/duplicate-field', `duplicate field '${m.key}'${where}`);
      seen.add(m.key);
      // `<<` is a YAML merge key: its fields are the merged mapping's, not its own
      if (known.includes(m.key) || (outline.format === 'yaml' && m.key === '<<')) continue;
      const guess = suggest(m.key, known);
      problems.push({
        ...at,
        code: 'rules/unknown-field',
        severity: 'error',
        message: `unknown field '${m.key}'${where}${guess ? `; did you mean '${guess}'?` : ` (known: ${known.join(', ')})`}`,
        ...(guess ? { replacement: guess } : {}),
      });
    }
  };

  const field = (members: readonly OutlineMember[], name: string): OutlineMember | undefined => members.find((m) => m.key === name);

  const expectKind = (m: OutlineMember | undefined, kind: OutlineValue['kind'], where: string): OutlineValue | undefined => {
    if (!m?.value) return undefined;
    if (m.value.kind === kind) return m.value;
    // a YAML alias (or another construct read as "other") cannot be checked here: no false error
    if (m.value.kind === 'other') return undefined;
    error(m.value, 'rules/invalid-field', `'${m.key}'${where} must be ${JSON_KIND[kind]}, not ${JSON_KIND[m.value.kind]}`);
    return undefined;
  };

  const root = outline.root;
  let profile: ProfileName | undefined;
  if (!root) {
    if (outline.problems.length === 0) error({ start: 0, end: 0 }, 'rules/not-a-rule-set', 'a rule set is an object with a "rules" list');
    return { profile, conditions, problems };
  }
  if (root.kind !== 'object') {
    error(root, 'rules/not-a-rule-set', `a rule set is an object with a "rules" list, not ${JSON_KIND[root.kind]}`);
    return { profile, conditions, problems };
  }
  unknownFields(root.members, RULE_SET_FIELDS, ' in the rule set');
  const p = expectKind(field(root.members, 'profile'), 'string', '');
  if (p?.kind === 'string') {
    if (isProfileName(p.value)) profile = p.value;
    else error(p, 'rules/invalid-field', `unknown profile '${p.value}' (use ${PROFILE_NAMES.join(', ')})`);
  }
  const rulesMember = field(root.members, 'rules');
  if (!rulesMember) {
    error({ start: root.start, end: Math.min(root.end, root.start + 1) }, 'rules/missing-field', "the rule set has no 'rules' list");
    return { profile, conditions, problems };
  }
  const rules = expectKind(rulesMember, 'array', '');
  if (rules?.kind !== 'array') return { profile, conditions, problems };

  const ids = new Map<string, number>();
  rules.items.forEach((rule, index) => {
    const label = `rule ${index + 1}`;
    if (rule.kind !== 'object') {
      error(rule, 'rules/invalid-rule', `${label} must be an object, not ${JSON_KIND[rule.kind]}`);
      return;
    }
    const head = { start: rule.start, end: Math.min(rule.end, rule.start + 1) };
    const idValue = expectKind(field(rule.members, 'id'), 'string', ` of ${label}`);
    const ruleId = idValue?.kind === 'string' ? idValue.value : undefined;
    const where = ruleId !== undefined ? ` in rule '${ruleId}'` : ` in ${label}`;
    unknownFields(rule.members, RULE_FIELDS, where);
    if (!field(rule.members, 'id')) error(head, 'rules/missing-field', `${label} has no 'id'`);
    if (idValue?.kind === 'string') {
      if (idValue.value.trim() === '') error(idValue, 'rules/invalid-field', `the id of ${label} is empty`);
      else if (ids.has(idValue.value)) error(idValue, 'rules/duplicate-id', `duplicate rule id '${idValue.value}' (also rule ${ids.get(idValue.value)! + 1})`);
      else ids.set(idValue.value, index);
    }
    const cond = field(rule.members, 'condition');
    if (!cond) error(head, 'rules/missing-field', `${ruleId !== undefined ? `rule '${ruleId}'` : label} has no 'condition'`);
    const c = expectKind(cond, 'string', where);
    if (c?.kind === 'string') conditions.push({ ruleId, literal: c });
    expectKind(field(rule.members, 'message'), 'string', where);
    expectKind(field(rule.members, 'retry_prompt'), 'string', where);
    const w = expectKind(field(rule.members, 'weight'), 'number', where);
    if (w?.kind === 'number' && !(typeof w.value === 'number' && Number.isFinite(w.value) && w.value >= 0)) {
      error(w, 'rules/invalid-field', `'weight'${where} must be a number ≥ 0`);
    }
    const s = expectKind(field(rule.members, 'severity'), 'string', where);
    if (s?.kind === 'string' && !SEVERITIES.includes(s.value)) error(s, 'rules/invalid-field', `'severity'${where} must be 'error' or 'warning', not '${s.value}'`);
  });
  return { profile, conditions, problems };
}
