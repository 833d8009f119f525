import { describe, expect, it } from 'vitest';
import { Codes } from '../common/diagnostics/codes.js';
import { RuleSetCodes } from './codes.js';
import { loadRuleSet } from './load.js';
import { RuleSetError } from './rule-set-error.js';
import type { RuleSetProblem } from './types.js';

/** The problems a load throws (fails the test when it does not throw a RuleSetError). */
function problemsOf(input: string | object, fileName?: string): readonly RuleSetProblem[] {
  try {
    loadRuleSet(input, fileName !== undefined ? { fileName } : {});
  } catch (e) {
    expect(e).toBeInstanceOf(RuleSetError);
    return (e as RuleSetError).problems;
  }
  throw new Error('expected a RuleSetError');
}

const brief = (ps: readonly RuleSetProblem[]) => ps.map((p) => ({ ruleId: p.ruleId, code: p.code, line: p.file?.line }));

describe('loadRuleSet: valid rule sets', () => {
  it('loads JSON with defaults applied and every condition compiled', () => {
    const rs = loadRuleSet(
      JSON.stringify({
        profile: 'verification',
        rules: [
          { id: 'has-output', condition: "get('$.output') != null", message: 'The agent produced no output.' },
          { id: 'confident', condition: "get('$.output.confidence', 0) >= 0.8", weight: 2 },
          { id: 'no-delete', condition: "not called('delete_account')", severity: 'warning', retry_prompt: 'Do not.' },
        ],
      }),
    );
    expect(rs.profile).toBe('verification');
    expect(rs.rules.map((r) => [r.id, r.weight, r.severity])).toEqual([
      ['has-output', 1, 'error'],
      ['confident', 2, 'error'],
      ['no-delete', 1, 'warning'],
    ]);
    expect(rs.totalWeight).toBe(4);
    expect(rs.rules[2]!.retry_prompt).toBe('Do not.');
    expect(rs.rules[0]!.compiled.evaluate({ output: {} })).toBe(true);
    expect(rs.definition.rules[1]).toEqual({
      id: 'confident',
      condition: "get('$.output.confidence', 0) >= 0.8",
      weight: 2,
      severity: 'error',
      on_fail: 'retry',
    });
  });

  it('loads YAML, including block and quoted conditions', () => {
    const rs = loadRuleSet(
      [
        'profile: transition',
        'rules:',
        '  - id: billing',
        '    condition: |',
        "      get('$.output.category') == 'billing'",
        '  - id: quoted',
        '    condition: "called(\'x\')"',
        '    weight: 0.5',
      ].join('\n'),
      { fileName: 'r.yaml' },
    );
    expect(rs.profile).toBe('transition');
    expect(rs.rules.map((r) => r.id)).toEqual(['billing', 'quoted']);
    expect(rs.rules[0]!.compiled.evaluate({ output: { category: 'billing' } })).toBe(true);
  });

  it('accepts an object, and the definition round-trips', () => {
    const rs = loadRuleSet({ rules: [{ id: 'a', condition: 'true' }] });
    expect(loadRuleSet(rs.definition).definition).toEqual(rs.definition);
  });

  it('picks JSON for text starting with { and YAML otherwise when there is no file name', () => {
    expect(loadRuleSet('{"rules":[{"id":"a","condition":"true"}]}').rules).toHaveLength(1);
    expect(loadRuleSet('rules:\n  - {id: a, condition: "true"}\n').rules).toHaveLength(1);
  });

  it('accepts the documentation fields at the top and keeps name and description', () => {
    const rs = loadRuleSet({ $schema: 'https://example.com/rules.json', name: 'support', description: 'd', rules: [{ id: 'a', condition: 'true' }] });
    expect(rs.definition).toMatchObject({ name: 'support', description: 'd' });
    expect(problemsOf({ rules: [{ id: 'a', condition: 'true', description: 'x' }] }).map((p) => [p.ruleId, p.code])).toEqual([
      ['a', RuleSetCodes.UnknownField],
    ]);
  });

  it('keeps checker warnings on the rule set without failing it', () => {
    const rs = loadRuleSet({ rules: [{ id: 'w', condition: "get('$.outptu.x') == 1" }] });
    expect(rs.warnings.map((w) => [w.ruleId, w.code])).toEqual([['w', Codes.UndeclaredPath]]);
  });
});

describe('loadRuleSet: every problem at once, with rule id and file line', () => {
  it('also reports the condition errors of rules whose other fields are wrong', () => {
    const text = [
      '{ "rules": [',
      '  { "id": "a", "condition": "lenght(1) > 0", "weight": -1 },',
      '  { "condition": "1 +" },',
      '  { "id": "c", "condition": "nope()", "colour": 1 }',
      '] }',
    ].join('\n');
    const got = problemsOf(text, 'r.rules.json').map((p) => [p.ruleId ?? null, p.code, p.file?.line ?? null]);
    expect(got).toContainEqual(['a', RuleSetCodes.InvalidWeight, 2]);
    expect(got).toContainEqual(['a', Codes.UnknownFunction, 2]);
    expect(got).toContainEqual([null, RuleSetCodes.MissingField, 3]);
    expect(got.some(([id, code, line]) => id === null && String(code).startsWith('UF1') && line === 3)).toBe(true);
    expect(got).toContainEqual(['c', RuleSetCodes.UnknownField, 4]);
    expect(got).toContainEqual(['c', Codes.UnknownFunction, 4]);
  });

  it('reports unknown fields, duplicate ids, missing and empty conditions, bad weights and severities together', () => {
    const text = [
      '{',
      '  "profile": "verification",',
      '  "extra": 1,',
      '  "rules": [',
      '    { "id": "a", "condition": "true", "weigth": 2 },',
      '    { "id": "a", "condition": "true" },',
      '    { "id": "b" },',
      '    { "id": "c", "condition": "   " },',
      '    { "id": 7, "condition": "true" },',
      '    { "id": "d", "condition": "true", "weight": -1 },',
      '    { "id": "e", "condition": "true", "weight": "2" },',
      '    { "id": "f", "condition": "true", "severity": "warnign" },',
      '    { "condition": "true" },',
      '    "not a rule",',
      '    { "id": "", "condition": "true" },',
      '    { "id": "g", "condition": 3 }',
      '  ]',
      '}',
    ].join('\n');
    const ps = problemsOf(text, 'rules.json');
    expect(brief(ps)).toEqual([
      { ruleId: undefined, code: RuleSetCodes.UnknownField, line: 3 },
      { ruleId: 'a', code: RuleSetCodes.UnknownField, line: 5 },
      { ruleId: 'a', code: RuleSetCodes.DuplicateId, line: 6 },
      { ruleId: 'b', code: RuleSetCodes.MissingField, line: 7 },
      { ruleId: 'c', code: RuleSetCodes.EmptyValue, line: 8 },
      { ruleId: undefined, code: RuleSetCodes.WrongType, line: 9 },
      { ruleId: 'd', code: RuleSetCodes.InvalidWeight, line: 10 },
      { ruleId: 'e', code: RuleSetCodes.InvalidWeight, line: 11 },
      { ruleId: 'f', code: RuleSetCodes.InvalidSeverity, line: 12 },
      { ruleId: undefined, code: RuleSetCodes.MissingField, line: 13 },
      { ruleId: undefined, code: RuleSetCodes.WrongType, line: 14 },
      { ruleId: undefined, code: RuleSetCodes.EmptyValue, line: 15 },
      { ruleId: 'g', code: RuleSetCodes.WrongType, line: 16 },
    ]);
    expect(ps[1]!.hint).toBe("did you mean 'weight'?");
    expect(ps[8]!.hint).toBe("did you mean 'warning'?");
    expect(ps[2]!.message).toContain('line 5');
  });

  it('reports every condition that does not compile, with its span in the condition and its place in the file', () => {
    const text = [
      '{ "rules": [',
      '  { "id": "ok", "condition": "true" },',
      '  { "id": "typo", "condition": "gett(\'$.a\') == 1" },',
      '  { "id": "escaped", "condition": "\\"x\\" == lenght(\'a\')" },',
      '  { "id": "syntax", "condition": "1 +" }',
      '] }',
    ].join('\n');
    const ps = problemsOf(text, 'rules.json');
    const typo = ps.find((p) => p.ruleId === 'typo')!;
    expect(typo.code).toBe(Codes.UnknownFunction);
    expect(typo.span).toMatchObject({ start: 0, end: 4, line: 1, column: 1 });
    // The condition string starts at column 33 of line 3 (after its opening quote).
    expect(typo.file).toEqual({ line: 3, column: text.split('\n')[2]!.indexOf('gett') + 1 });
    expect(typo.hint).toContain('get');

    // `"x"` is written `\"x\"` in the file: the escapes shift the file column but not the condition span.
    const escaped = ps.filter((p) => p.ruleId === 'escaped');
    expect(escaped.map((p) => p.code)).toEqual([Codes.DoubleQuotedString, Codes.UnknownFunction]);
    const line4 = text.split('\n')[3]!;
    expect(escaped[0]!.file).toEqual({ line: 4, column: line4.indexOf('\\"x') + 1 });
    expect(escaped[1]!.span!.start).toBe('"x" == '.length);
    expect(escaped[1]!.file).toEqual({ line: 4, column: line4.indexOf('lenght') + 1 });

    const syntax = ps.find((p) => p.ruleId === 'syntax')!;
    expect(syntax.code).toBe(Codes.UnexpectedEnd);
    expect(syntax.file!.line).toBe(5);
    expect(ps.some((p) => p.ruleId === 'ok')).toBe(false);
  });

  it('maps a condition position through \\u escapes in a JSON string', () => {
    // \u0031 is "1": the condition is `1 + lenght('a')`, and lenght starts at offset 4.
    const text = '{"rules":[{"id":"u","condition":"\\u0031 + lenght(\'a\')"}]}';
    const [p] = problemsOf(text, 'r.json');
    expect(p!.code).toBe(Codes.UnknownFunction);
    expect(p!.span!.start).toBe(4);
    expect(p!.file).toEqual({ line: 1, column: text.indexOf('lenght') + 1 });
  });

  it('places condition errors of YAML block and quoted scalars on their file line', () => {
    const text = [
      'rules:',
      '  - id: block',
      '    condition: |',
      "      get('$.a') == 1 and",
      "        lenght('x') > 0",
      '  - id: single',
      "    condition: 'lenght(''x'') > 0'",
      '  - id: plain',
      '    condition: nope(1)',
    ].join('\n');
    const ps = problemsOf(text, 'r.yaml');
    expect(ps.map((p) => [p.ruleId, p.code, p.file])).toEqual([
      ['block', Codes.UnknownFunction, { line: 5, column: 9 }],
      ['single', Codes.UnknownFunction, { line: 7, column: 17 }],
      ['plain', Codes.UnknownFunction, { line: 9, column: 16 }],
    ]);
    expect(ps[0]!.span).toMatchObject({ line: 2, column: 3 });
  });

  it('reports an unknown or non-boolean profile and still checks every condition', () => {
    const ps = problemsOf({ profile: 'verifcation', rules: [{ id: 'a', condition: 'nope()' }] });
    expect(ps.map((p) => p.code)).toEqual([RuleSetCodes.UnknownProfile, Codes.UnknownFunction]);
    expect(ps[0]!.hint).toBe("did you mean 'verification'?");
    expect(problemsOf({ profile: 'reranker', rules: [{ id: 'a', condition: 'true' }] }).map((p) => p.code)).toEqual([RuleSetCodes.UnknownProfile]);
  });

  it('reports a document that is not a rule set', () => {
    expect(problemsOf('[1, 2]', 'r.json').map((p) => [p.code, p.file?.line])).toEqual([[RuleSetCodes.WrongType, 1]]);
    expect(problemsOf({}).map((p) => p.code)).toEqual([RuleSetCodes.MissingField]);
    expect(problemsOf({ rules: [] }).map((p) => p.code)).toEqual([RuleSetCodes.NoRules]);
    expect(problemsOf({ rules: {} }).map((p) => p.code)).toEqual([RuleSetCodes.WrongType]);
  });

  it('reports invalid JSON with its line and column', () => {
    const ps = problemsOf('{\n  "rules": [\n    { "id": "a", },\n  ]\n}', 'r.json');
    expect(ps).toHaveLength(1);
    expect(ps[0]).toMatchObject({ code: RuleSetCodes.InvalidDocument, file: { line: 3, column: 18 } });
  });

  it('reports every YAML error with its line, and repeated keys', () => {
    const ps = problemsOf('rules:\n  - id: a\n    id: b\n    condition: "true"\n', 'r.yml');
    expect(ps.map((p) => [p.code, p.file?.line])).toEqual([[RuleSetCodes.InvalidDocument, 3]]);
  });

  it('reports a repeated field in JSON', () => {
    const ps = problemsOf('{"rules":[{"id":"a","condition":"true","condition":"false"}]}', 'r.json');
    expect(ps.map((p) => [p.ruleId, p.code])).toEqual([['a', RuleSetCodes.DuplicateField]]);
  });

  it('rejects non-finite weights, including YAML .inf and a JSON overflow', () => {
    expect(problemsOf('rules:\n  - {id: a, condition: "true", weight: .inf}\n', 'r.yaml').map((p) => p.code)).toEqual([RuleSetCodes.InvalidWeight]);
    expect(problemsOf('{"rules":[{"id":"a","condition":"true","weight":1e400}]}', 'r.json').map((p) => p.code)).toEqual([RuleSetCodes.InvalidWeight]);
    expect(problemsOf({ rules: [{ id: 'a', condition: 'true', weight: Number.NaN }] }).map((p) => p.code)).toEqual([RuleSetCodes.InvalidWeight]);
  });

  it('lists every problem in the error message, with the file name', () => {
    try {
      loadRuleSet('{"rules":[{"id":"a"},{"id":"b"}]}', { fileName: 'x.json' });
      expect.unreachable();
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg).toContain('2 problems');
      expect(msg).toContain("x.json:1:11: rule 'a'");
      expect(msg).toContain("x.json:1:22: rule 'b'");
    }
  });
});
