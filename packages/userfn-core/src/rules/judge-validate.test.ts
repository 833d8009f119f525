import { describe, expect, it } from 'vitest';
import { readRuleSetDocument } from './document.js';
import { loadRuleSet } from './load.js';
import { RuleSetError } from './rule-set-error.js';
import { verify } from './verify.js';

function problems(text: string, fileName = 'rules.yaml') {
  try {
    loadRuleSet(text, { fileName });
  } catch (e) {
    if (e instanceof RuleSetError)
      return e.problems.map((p) => ({ rule: p.ruleId, code: p.code, at: p.file && `${p.file.line}:${p.file.column}`, message: p.message }));
    throw e;
  }
  return [];
}

describe('judge rules at load', () => {
  it('loads a judge rule with its defaults, and a when compiled like a condition', () => {
    const rs = loadRuleSet(`rules:
  - id: tone
    when: get('$.output.text') != null
    judge:
      prompt: The reply is polite.
  - id: grounded
    judge: { prompt: Backed by the tools., include: [output, tools, '$.tool_calls[*].name'], threshold: 0.7, samples: 3 }
    weight: 2
`);
    expect(rs.rules).toHaveLength(0);
    expect(rs.judges.map((j) => [j.id, j.judge, j.when, j.index])).toEqual([
      ['tone', { prompt: 'The reply is polite.', include: ['output'], samples: 1 }, "get('$.output.text') != null", 0],
      ['grounded', { prompt: 'Backed by the tools.', include: ['output', 'tools', '$.tool_calls[*].name'], threshold: 0.7, samples: 3 }, undefined, 1],
    ]);
    expect(rs.judges[0]!.whenCompiled?.evaluate({ output: { text: 'x' } })).toBe(true);
    expect(rs.totalWeight).toBe(3);
    // the definition rebuilds the same rule set
    expect(loadRuleSet(rs.definition).judges.map((j) => j.judge)).toEqual(rs.judges.map((j) => j.judge));
  });

  it('reports every problem of judge rules at once, each at its place in the file', () => {
    const text = `rules:
  - id: both
    condition: "true"
    judge: { prompt: x }
  - id: neither
    message: m
  - id: cond-when
    condition: "true"
    when: "true"
  - id: bad-fields
    judge:
      prompt: ""
      include: [outptu, "$.a[", output, output]
      threshold: 1.5
      samples: 0
      rubric: x
  - id: bad-when
    when: get('$.output') ==
    judge: { prompt: p }
  - id: not-object
    judge: be nice
`;
    expect(problems(text)).toEqual([
      { rule: 'both', code: 'RS014', at: '4:5', message: "a rule has either a 'condition' or a 'judge', not both" },
      { rule: 'neither', code: 'RS004', at: '5:5', message: "no 'condition' (or 'judge')" },
      { rule: 'cond-when', code: 'RS014', at: '9:5', message: "'when' applies to judge rules only" },
      { rule: 'bad-fields', code: 'RS006', at: '12:15', message: "'judge.prompt' is empty" },
      { rule: 'bad-fields', code: 'RS013', at: '13:17', message: "unknown part 'outptu' in 'judge.include'" },
      { rule: 'bad-fields', code: 'RS013', at: '13:25', message: expect.stringMatching(/^'judge.include' entry "\$.a\[" is not a valid JSONPath/) },
      { rule: 'bad-fields', code: 'RS013', at: '13:41', message: "'output' is listed twice in 'judge.include'" },
      { rule: 'bad-fields', code: 'RS013', at: '14:18', message: "'judge.threshold' must be a number from 0 to 1, not 1.5" },
      { rule: 'bad-fields', code: 'RS013', at: '15:16', message: "'judge.samples' must be a whole number from 1 to 9, not 0" },
      { rule: 'bad-fields', code: 'RS003', at: '16:7', message: "unknown field 'rubric' in 'judge'" },
      { rule: 'bad-when', code: expect.stringMatching(/^UF/), at: expect.stringMatching(/^18:/), message: expect.any(String) },
      { rule: 'not-object', code: 'RS002', at: '21:12', message: "'judge' must be an object with a 'prompt', not a string" },
    ]);
  });

  it('gives editors each when as a condition and each judge object with its fields', () => {
    const text = '{"rules": [{"id": "a", "when": "called(\'x\')", "judge": {"prompt": "p", "include": ["output"]}}, {"id": "b", "condition": "true"}]}';
    const doc = readRuleSetDocument(text);
    expect(doc.conditions.map((c) => [c.ruleId, c.field, c.condition])).toEqual([
      ['a', 'when', "called('x')"],
      ['b', 'condition', 'true'],
    ]);
    expect(doc.judges).toEqual([{ ruleId: 'a', span: { start: text.indexOf('{"prompt"'), end: text.indexOf(']}}') + 2 }, fields: ['prompt', 'include'] }]);
    expect(doc.problems).toEqual([]);
  });

  it('suggests the intended judge field and part', () => {
    const doc = readRuleSetDocument('rules:\n  - id: a\n    judge: { promt: p, include: [tool_call] }\n');
    // the missing prompt is shown at the object's first character, before the misspelt field
    expect(doc.problems.map((p) => [p.code, p.suggestion])).toEqual([
      ['RS004', undefined],
      ['RS003', 'prompt'],
      ['RS013', 'tool_calls'],
    ]);
  });
});

describe('verify (synchronous) with judge rules', () => {
  const rs = loadRuleSet({
    rules: [
      { id: 'ok', condition: 'true' },
      { id: 'judged', judge: { prompt: 'p' } },
      { id: 'gated', when: "called('refund')", judge: { prompt: 'p' } },
      { id: 'broken-when', when: "get('$.n') / 0 > 1", judge: { prompt: 'p' }, severity: 'warning' },
    ],
  });

  it('reports a judge rule whose when holds as not run, a skipped one as held, and a when that raises as a failure', () => {
    const v = verify(rs, { n: 1 });
    expect(v.results.map((r) => [r.id, r.passed, r.judge?.verdict, r.explanation])).toEqual([
      ['ok', true, undefined, undefined],
      ['judged', false, 'error', 'judge error: not run: no judge endpoint'],
      ['gated', true, 'skipped', undefined],
      ['broken-when', false, 'fail', expect.stringMatching(/^when: error at 1:1/)],
    ]);
    expect(v).toMatchObject({ passed: false, score: 2 / 4, incomplete: true });
    expect(verify(rs, { n: 1 }, { judgeError: 'skip' })).toMatchObject({ passed: true, score: 2 / 3, incomplete: true });
  });
});
