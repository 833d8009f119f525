import { describe, expect, test } from 'vitest';
import { jsonOutline } from './json-outline.js';
import { checkStructure } from './structure.js';
import { yamlOutline } from './yaml-outline.js';

const problems = (text: string) => {
  const s = checkStructure(jsonOutline(text));
  return s.problems.map((p) => [p.code, text.slice(p.start, p.end), p.message] as const);
};

describe('rule-set structure', () => {
  test('a valid rule set has no problems, and its conditions and profile are collected', () => {
    const s = checkStructure(
      jsonOutline('{"profile": "transition", "rules": [{"id": "a", "condition": "true", "message": "m", "weight": 2, "severity": "warning", "retry_prompt": "p"}]}'),
    );
    expect(s.problems).toEqual([]);
    expect(s.profile).toBe('transition');
    expect(s.conditions.map((c) => [c.ruleId, c.literal.value])).toEqual([['a', 'true']]);
  });

  test('unknown fields, with a did-you-mean and its replacement', () => {
    const s = checkStructure(jsonOutline('{"rules": [{"id": "a", "conditon": "true"}], "extra": 1}'));
    const unknown = s.problems.filter((p) => p.code === 'rules/unknown-field');
    expect(unknown.map((p) => p.message).sort()).toEqual([
      "unknown field 'conditon' in rule 'a'; did you mean 'condition'?",
      "unknown field 'extra' in the rule set (known: profile, rules, $schema, name, description)",
    ]);
    expect(unknown.find((p) => p.message.includes('conditon'))!.replacement).toBe('condition');
  });

  test('duplicate ids, missing condition, missing id', () => {
    const text = '{"rules": [{"id": "a", "condition": "true"}, {"id": "a", "condition": "true"}, {"id": "b"}, {"condition": "true"}]}';
    expect(problems(text).map(([code, at]) => [code, at])).toEqual([
      ['rules/duplicate-id', '"a"'],
      ['rules/missing-field', '{'],
      ['rules/missing-field', '{'],
    ]);
    expect(problems(text)[1]![2]).toBe("rule 'b' has no 'condition'");
    expect(problems(text)[2]![2]).toBe("rule 4 has no 'id'");
  });

  test('mistyped fields', () => {
    const text = '{"profile": "nope", "rules": [{"id": "a", "condition": 1, "weight": -1, "severity": "fatal", "message": []}]}';
    expect(problems(text).map(([code, at]) => [code, at])).toEqual([
      ['rules/invalid-field', '"nope"'],
      ['rules/invalid-field', '1'],
      ['rules/invalid-field', '[]'],
      ['rules/invalid-field', '-1'],
      ['rules/invalid-field', '"fatal"'],
    ]);
  });

  test('not a rule set', () => {
    expect(problems('[1]').map(([code]) => code)).toEqual(['rules/not-a-rule-set']);
    expect(problems('{}').map(([code]) => code)).toEqual(['rules/missing-field']);
    expect(problems('{"rules": {}}').map(([code]) => code)).toEqual(['rules/invalid-field']);
    expect(problems('{"rules": [1]}').map(([code]) => code)).toEqual(['rules/invalid-rule']);
  });

  test('YAML: the same checks, and YAML syntax errors', () => {
    const text = 'rules:\n  - id: a\n    condition: "true"\n  - id: a\n    conditon: x\n';
    const s = checkStructure(yamlOutline(text));
    expect(s.problems.map((p) => p.code).sort()).toEqual(['rules/duplicate-id', 'rules/missing-field', 'rules/unknown-field']);
    expect(yamlOutline('rules: [\n').problems.map((p) => p.code)).toContain('rules/syntax');
    expect(yamlOutline('a: 1\na: 2\n').problems.map((p) => p.code)).toContain('rules/syntax');
  });
});

describe('YAML constructs the structure check cannot see through', () => {
  test('aliases and merge keys are not reported', () => {
    const text = 'base: &b\n  weight: 2\nrules:\n  - id: a\n    condition: &c "true"\n  - <<: *b\n    id: b\n    condition: *c\n';
    const s = checkStructure(yamlOutline(text));
    expect(s.problems.map((p) => p.code)).toEqual(['rules/unknown-field']); // only 'base', a key of the rule set itself
    expect(s.conditions.map((c) => c.ruleId)).toEqual(['a']);
  });
});
