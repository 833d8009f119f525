import { describe, expect, it } from 'vitest';
import { RuleSetCodes } from './codes.js';
import { readRuleSetDocument } from './document.js';
import { loadRuleSet } from './load.js';
import { RuleSetError } from './rule-set-error.js';

const json = (text: string) => readRuleSetDocument(text, { format: 'json' });
const yaml = (text: string) => readRuleSetDocument(text, { format: 'yaml' });

/** Each problem as its code and the text it covers. */
const problems = (text: string, read = json) => read(text).problems.map((p) => [p.code, text.slice(p.span.start, p.span.end)] as const);

describe('readRuleSetDocument: structure', () => {
  it('a valid rule set has no problems, and its conditions and profile are collected', () => {
    const d = json(
      '{"profile": "transition", "rules": [{"id": "a", "condition": "true", "message": "m", "weight": 2, "severity": "warning", "retry_prompt": "p"}]}',
    );
    expect(d.problems).toEqual([]);
    expect(d.profile).toBe('transition');
    expect(d.conditions.map((c) => [c.ruleId, c.condition])).toEqual([['a', 'true']]);
  });

  it('unknown fields, with a did-you-mean and its suggestion, or the known fields', () => {
    const d = json('{"rules": [{"id": "a", "conditon": "true"}], "extra": 1}');
    const unknown = d.problems.filter((p) => p.code === RuleSetCodes.UnknownField);
    expect(unknown.map((p) => [p.ruleId, p.message, p.hint, p.suggestion])).toEqual([
      ['a', "unknown field 'conditon' in the rule", "did you mean 'condition'?", 'condition'],
      [undefined, "unknown field 'extra' in the rule set", 'the fields are profile, rules, $schema, name, description, max_retries', undefined],
    ]);
  });

  it('duplicate ids, missing condition, missing id: a missing field is shown at the rule’s first character', () => {
    const text = '{"rules": [{"id": "a", "condition": "true"}, {"id": "a", "condition": "true"}, {"id": "b"}, {"condition": "true"}]}';
    expect(problems(text)).toEqual([
      [RuleSetCodes.DuplicateId, '"a"'],
      [RuleSetCodes.MissingField, '{'],
      [RuleSetCodes.MissingField, '{'],
    ]);
    const d = json(text);
    expect(d.problems.map((p) => [p.ruleId, p.message])).toEqual([
      ['a', "duplicate rule id 'a' (first defined at line 1)"],
      ['b', "no 'condition' (or 'judge')"],
      [undefined, "rule #4 has no 'id'"],
    ]);
    // the conditions of rules with other problems are there too, for an editor to check
    expect(d.conditions.map((c) => c.ruleId)).toEqual(['a', 'a', undefined]);
  });

  it('mistyped fields and values, in file order', () => {
    const text = '{"profile": "nope", "rules": [{"id": "a", "condition": 1, "weight": -1, "severity": "fatal", "message": []}]}';
    expect(problems(text)).toEqual([
      [RuleSetCodes.UnknownProfile, '"nope"'],
      [RuleSetCodes.WrongType, '1'],
      [RuleSetCodes.InvalidWeight, '-1'],
      [RuleSetCodes.InvalidSeverity, '"fatal"'],
      [RuleSetCodes.WrongType, '[]'],
    ]);
    expect(json('{"rules": [{"id": "a", "condition": "true", "severity": "warnign"}]}').problems[0]).toMatchObject({ suggestion: 'warning' });
  });

  it('the profile is the loader’s: verification or transition; any other is a problem, and verification is used', () => {
    const d = json('{"profile": "reranker", "rules": [{"id": "a", "condition": "true"}]}');
    expect(d.problems.map((p) => p.code)).toEqual([RuleSetCodes.UnknownProfile]);
    expect(d.profile).toBe('verification');
    expect(json('{"profile": "verifcation", "rules": [{"id": "a", "condition": "true"}]}').problems[0]).toMatchObject({ suggestion: 'verification' });
    expect(json('{"rules": [{"id": "a", "condition": "true"}]}').profile).toBe('verification');
  });

  it('not a rule set', () => {
    expect(problems('[1]')).toEqual([[RuleSetCodes.WrongType, '[1]']]);
    expect(problems('{}')).toEqual([[RuleSetCodes.MissingField, '{']]);
    expect(problems('{"rules": {}}')).toEqual([[RuleSetCodes.WrongType, '{}']]);
    expect(problems('{"rules": []}')).toEqual([[RuleSetCodes.NoRules, '[]']]);
    expect(problems('{"rules": [1]}')).toEqual([[RuleSetCodes.WrongType, '1']]);
    expect(problems('', yaml)).toEqual([[RuleSetCodes.WrongType, '']]);
  });
});

describe('readRuleSetDocument: syntax', () => {
  it('after a JSON syntax error, the part read before it is still checked', () => {
    const text = '{"rules": [{"id": "a", "condition": "true", "mesage": "m"}, {"id": "a"}]';
    expect(problems(text).map(([code]) => code)).toEqual([
      RuleSetCodes.UnknownField,
      RuleSetCodes.MissingField,
      RuleSetCodes.DuplicateId,
      RuleSetCodes.InvalidDocument,
    ]);
    expect(json(text).conditions.map((c) => c.condition)).toEqual(['true']);
    expect(json(text).problems.at(-1)!.message).toBe("invalid JSON: expected ',' or '}' in the object, found end of file");
  });

  it('a field cut off by a syntax error is not reported missing', () => {
    expect(problems('{"rules": [{"id": "a", "cond')).toEqual([[RuleSetCodes.InvalidDocument, '"cond']]);
    expect(problems('{"rules": [{"id": "a", "condition": ')).toEqual([[RuleSetCodes.InvalidDocument, '']]);
    expect(problems('{"rules": [')).toEqual([[RuleSetCodes.InvalidDocument, '']]);
  });

  it('YAML: the same checks, every YAML error, and YAML warnings as warnings', () => {
    const text = 'rules:\n  - id: a\n    condition: "true"\n  - id: a\n    conditon: x\n';
    expect(problems(text, yaml).map(([code]) => code)).toEqual([RuleSetCodes.MissingField, RuleSetCodes.DuplicateId, RuleSetCodes.UnknownField]);
    expect(yaml('rules: [\n').problems.map((p) => p.code)).toContain(RuleSetCodes.InvalidDocument);
    expect(yaml('a: 1\na: 2\n').problems.map((p) => p.code)).toContain(RuleSetCodes.InvalidDocument);
    const tagged = yaml('rules:\n  - id: a\n    condition: !foo "true"\n');
    expect(tagged.problems.map((p) => [p.code, p.severity])).toEqual([[RuleSetCodes.DocumentWarning, 'warning']]);
    expect(tagged.conditions.map((c) => c.condition)).toEqual(['true']);
  });
});

describe('readRuleSetDocument: conditions in the file', () => {
  it('each condition with its span, style and an exact map through the escapes', () => {
    const text = String.raw`{"rules": [{"id": "a", "condition": "\"x\" == \u006cenght('a')"}]}`;
    const [c] = json(text).conditions;
    expect(c!.condition).toBe(`"x" == lenght('a')`);
    expect(c!.style).toBe('json');
    expect(text.slice(c!.span.start, c!.span.end)).toBe(String.raw`"\"x\" == \u006cenght('a')"`);
    expect(c!.map.exact).toBe(true);
    const at = c!.map.toDocumentSpan(7, 13);
    expect(text.slice(at.start, at.end)).toBe(String.raw`\u006cenght`);
    expect(c!.map.toSource(text.indexOf('enght'))).toBe(8);
  });

  it('YAML aliases are read through, as the loader reads them: an aliased condition is mapped to the alias as a whole', () => {
    const text = 'base: &b\n  weight: 2\nrules:\n  - id: a\n    condition: &c "true"\n  - <<: *b\n    id: b\n    condition: *c\n';
    const d = yaml(text);
    expect(problems(text, yaml)).toEqual([
      [RuleSetCodes.UnknownField, 'base'],
      [RuleSetCodes.UnknownField, '<<'],
    ]);
    expect(d.conditions.map((c) => [c.ruleId, c.condition, c.style, c.map.exact])).toEqual([
      ['a', 'true', 'double', true],
      ['b', 'true', undefined, false],
    ]);
    expect(d.conditions[1]!.map.toDocumentSpan(0, 4)).toEqual({ start: text.lastIndexOf('*c'), end: text.lastIndexOf('*c') + 2 });
  });
});

describe('readRuleSetDocument agrees with loadRuleSet', () => {
  /** The loader's structure and syntax problems (RS…), as codes and file positions. */
  function loaderProblems(text: string, fileName: string): string[] {
    try {
      loadRuleSet(text, { fileName });
      return [];
    } catch (e) {
      if (!(e instanceof RuleSetError)) throw e;
      return e.problems.filter((p) => p.code.startsWith('RS')).map((p) => `${p.code}@${p.file!.line}:${p.file!.column}`);
    }
  }

  it.each([
    ['r.json', '{"profile": "any", "rules": [{"id": "a", "condition": "true", "weigth": 1}, {"id": "a"}, {"id": "", "condition": " "}]}'],
    ['r.json', '{"rules": [{"id": "a", "condition": "true", "severity": "fatal", "weight": "2"}], "name": 1}'],
    ['r.json', '{"rules": []}'],
    ['r.json', '{"rules": [{"id": "a", "condition": "true",}]}'],
    ['r.yaml', 'profile: reranker\nrules:\n  - id: a\n    condition: true\n  - id: b\n    condition: "x"\n    retry_prompt: [1]\n'],
    ['r.yaml', 'rules:\n  - id: a\n    id: b\n'],
    ['r.yaml', 'base: &b\n  weight: 2\nrules:\n  - <<: *b\n    id: b\n    condition: "true"\n'],
  ])('%s %s', (fileName, text) => {
    const d = readRuleSetDocument(text, { fileName });
    const syntax = d.problems.filter((p) => p.code === RuleSetCodes.InvalidDocument);
    // the loader stops at syntax errors; the document goes on with what it read
    const expected = syntax.length > 0 ? syntax : d.problems.filter((p) => p.severity === 'error');
    const position = (offset: number) => {
      const before = text.slice(0, offset).split('\n');
      return `${before.length}:${before.at(-1)!.length + 1}`;
    };
    const ours = expected.map((p) => `${p.code}@${position(p.span.start)}`);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.sort()).toEqual(loaderProblems(text, fileName).sort());
  });
});
