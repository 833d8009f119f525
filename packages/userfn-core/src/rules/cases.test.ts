import { describe, expect, it } from 'vitest';
import { readCasesFile } from './cases.js';

describe('readCasesFile', () => {
  it('reads JSON and YAML alike, with file defaults for now and format, and the case’s position', () => {
    const json = readCasesFile('{"now": "2026-01-01T00:00:00Z", "cases": [{"title": "a", "context": {"x": 1}, "passed": true, "score": 0.5}]}', {
      fileName: 'a.cases.json',
    });
    const yaml = readCasesFile('now: "2026-01-01T00:00:00Z"\ncases:\n  - title: a\n    context: { x: 1 }\n    passed: true\n    score: 0.5\n', {
      fileName: 'a.cases.yaml',
    });
    expect(json.problems).toEqual([]);
    expect(yaml.problems).toEqual([]);
    const strip = (c: (typeof json.cases)[number]) => ({ ...c, file: undefined });
    expect(json.cases.map(strip)).toEqual(yaml.cases.map(strip));
    expect(json.cases[0]).toMatchObject({
      title: 'a',
      format: 'sessions',
      now: '2026-01-01T00:00:00Z',
      input: { x: 1 },
      expect: { passed: true, score: 0.5 },
      file: { line: 1, column: 43 },
    });
    expect(yaml.cases[0]!.file).toEqual({ line: 3, column: 5 });
  });

  it('keeps a context key named __proto__ as an ordinary own key, as JSON.parse does', () => {
    const { cases } = readCasesFile('{"cases": [{"context": {"__proto__": {"polluted": true}}, "passed": true}]}');
    const input = cases[0]!.input as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(input, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(cases[0]!.title).toBe('case #1');
  });

  it('a nemo-gym case takes its rollout from rollout (or context); a rollout without the format is a problem', () => {
    const ok = readCasesFile(
      '{"format": "nemo-gym", "cases": [{"rollout": {"response": {"output": []}}, "passed": true}, {"context": {"response": {"output": []}}, "passed": true}]}',
    );
    expect(ok.problems).toEqual([]);
    expect(ok.cases.map((c) => c.format)).toEqual(['nemo-gym', 'nemo-gym']);
    const bad = readCasesFile(
      '{"cases": [{"rollout": {}, "passed": true}, {"passed": true}, {"context": 3, "passed": true, "score": 2, "failures": "a", "attempt": 0}]}',
    );
    expect(bad.cases).toEqual([]);
    expect(bad.problems.map((p) => p.message)).toEqual([
      "case #1: 'rollout' needs 'format: nemo-gym' (on the case or the file); a verification context is 'context'",
      "case #2: no 'context' (the verification context to verify)",
      "case #3: 'context' must be an object, not a number",
      "case #3: 'score' must be a number from 0 to 1, not a number",
      "case #3: 'failures' must be a list of rule ids",
      "case #3: 'attempt' must be a whole number >= 1, not a number",
    ]);
  });

  it('reports a file that is not a cases file, with positions', () => {
    expect(readCasesFile('[1]', { fileName: 'x.json' }).problems).toEqual([
      { message: "a cases file must be an object with a 'cases' list, not a list", file: { line: 1, column: 1 } },
    ]);
    expect(readCasesFile('{"cases": [], "cases2": 1}', { fileName: 'x.json' }).problems.map((p) => p.message)).toEqual([
      "unknown field 'cases2' in the cases file (did you mean 'cases'?)",
      "'cases' is empty: give at least one case",
    ]);
    expect(readCasesFile('{"cases": [', { fileName: 'x.json' }).problems[0]!.message).toMatch(/^invalid JSON: /);
    expect(readCasesFile('cases: [\n', { fileName: 'x.yaml' }).problems[0]).toMatchObject({
      message: expect.stringMatching(/^invalid YAML: /),
      file: { line: 2 },
    });
  });

  it("reads a case's scripted judge: pass, fail, a verdict with score and reason, or an error; the rest are problems at their place", () => {
    const ok = readCasesFile(
      'cases:\n  - context: {}\n    judge:\n      a: pass\n      b: fail\n      c: { pass: true, score: 0.25, reason: Vague. }\n      d: { error: timeout }\n    passed: true\n',
      { fileName: 'x.cases.yaml' },
    );
    expect(ok.problems).toEqual([]);
    expect(ok.cases[0]!.judge).toEqual({ a: { pass: true }, b: { pass: false }, c: { pass: true, score: 0.25, reason: 'Vague.' }, d: { error: 'timeout' } });
    expect(ok.cases[0]!.judgeAt).toMatchObject({ a: { line: 4, column: 7 }, d: { line: 7, column: 7 } });
    const bad = readCasesFile(
      '{"cases": [{"context": {}, "passed": true, "judge": {"a": "yes", "b": {"pass": true, "score": 2}, "c": {"pass": true, "why": "x"}}}, {"context": {}, "passed": true, "judge": []}]}',
    );
    expect(bad.cases).toEqual([]);
    expect(bad.problems.map((p) => p.message)).toEqual([
      "case #1: 'judge': the verdict of 'a' must be 'pass', 'fail', { pass: true|false, score?: 0..1, reason?: text } or { error: text }, not 'yes'",
      "case #1: 'judge': the verdict of 'b' has a 'score' that is not a number from 0 to 1",
      "case #1: 'judge': the verdict of 'c' has an unknown field 'why' (it is 'pass', 'fail', { pass: true|false, score?: 0..1, reason?: text } or { error: text })",
      "case #2: 'judge' must map judge rule ids to verdicts ('pass', 'fail', { pass: true|false, score?: 0..1, reason?: text } or { error: text }), not a list",
    ]);
  });
});
