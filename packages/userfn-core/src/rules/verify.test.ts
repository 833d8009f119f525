import { describe, expect, it } from 'vitest';
import { Codes } from '../common/diagnostics/codes.js';
import { UserFnError } from '../common/diagnostics/user-fn-error.js';
import { loadRuleSet } from './load.js';
import { verify } from './verify.js';

const issueExample = loadRuleSet({
  profile: 'verification',
  rules: [
    { id: 'has-output', condition: "get('$.output') != null", message: 'The agent produced no output.' },
    { id: 'confident', condition: "get('$.output.confidence', 0) >= 0.8", message: 'Confidence below 0.8', weight: 2 },
    {
      id: 'no-delete',
      condition: "not called('delete_account')",
      message: 'delete_account must not run',
      severity: 'warning',
      retry_prompt: 'Do not call delete_account; finish the refund instead.',
    },
  ],
});

describe('verify', () => {
  it('passes with score 1 when every rule holds, and reports only id, passed and severity', () => {
    const v = verify(issueExample, { output: { confidence: 0.9 }, tool_calls: [] });
    expect(v).toEqual({
      passed: true,
      score: 1,
      results: [
        { id: 'has-output', passed: true, severity: 'error' },
        { id: 'confident', passed: true, severity: 'error' },
        { id: 'no-delete', passed: true, severity: 'warning' },
      ],
      decision: 'accept',
      attempt: 1,
      rule_set: { name: null, hash: expect.stringMatching(/^sha256:[0-9a-f]{16}$/) },
    });
  });

  it('weights the score and explains a failed rule in one line', () => {
    const v = verify(issueExample, { output: { confidence: 0.42 }, tool_calls: [] });
    expect(v.passed).toBe(false);
    expect(v.score).toBe(2 / 4);
    expect(v.results[1]).toEqual({
      id: 'confident',
      passed: false,
      severity: 'error',
      message: 'Confidence below 0.8',
      explanation: "get('$.output.confidence', 0) >= 0.8 was false: get('$.output.confidence', 0) = 0.42",
    });
  });

  it('counts a failed warning in the score but not in passed, and gives its retry prompt', () => {
    const v = verify(issueExample, { output: { confidence: 0.9 }, tool_calls: [{ name: 'delete_account' }] });
    expect(v.passed).toBe(true);
    expect(v.score).toBe(3 / 4);
    expect(v.results[2]).toMatchObject({
      id: 'no-delete',
      passed: false,
      severity: 'warning',
      message: 'delete_account must not run',
      retry_prompt: 'Do not call delete_account; finish the refund instead.',
    });
    expect(v.results[2]!.explanation).toContain("called('delete_account')");
  });

  it('counts null as false, with an explanation', () => {
    const rs = loadRuleSet({ rules: [{ id: 'flag', condition: "get('$.output.ok')" }] });
    const v = verify(rs, { output: {} });
    expect(v.passed).toBe(false);
    expect(v.score).toBe(0);
    expect(v.results[0]!.explanation).toMatch(/was null/);
  });

  it('reports a runtime error as a failed rule with the error and its position', () => {
    const rs = loadRuleSet({
      rules: [
        { id: 'ok', condition: 'true', weight: 3 },
        { id: 'boom', condition: "true and to_number(get('$.output.n')) > 1" },
      ],
    });
    const v = verify(rs, { output: { n: 'twelve' } });
    expect(v.passed).toBe(false);
    expect(v.score).toBe(3 / 4);
    const r = v.results[1]!;
    expect(r.passed).toBe(false);
    expect(r.error).toMatchObject({ kind: 'runtime', code: Codes.InvalidNumberString, line: 1, column: 10 });
    expect(r.explanation).toMatch(/^error at 1:10: /);
    expect(r.message).toBe("rule 'boom' did not hold");
  });

  it('scores 1 or 0 when every weight is 0 (all held, or not)', () => {
    const rs = loadRuleSet({
      rules: [
        { id: 'a', condition: "get('$.a') == 1", weight: 0 },
        { id: 'b', condition: "get('$.b') == 1", weight: 0, severity: 'warning' },
      ],
    });
    expect(verify(rs, { a: 1, b: 1 }).score).toBe(1);
    expect(verify(rs, { a: 1, b: 2 })).toMatchObject({ passed: true, score: 0 });
  });

  it('gives zero-weight rules no share of a non-zero score', () => {
    const rs = loadRuleSet({
      rules: [
        { id: 'a', condition: "get('$.a') == 1", weight: 0 },
        { id: 'b', condition: "get('$.b') == 1" },
      ],
    });
    expect(verify(rs, { a: 2, b: 1 })).toMatchObject({ passed: false, score: 1 });
  });

  it('sees one fixed instant for every rule, from the now option', () => {
    const rs = loadRuleSet({
      rules: [
        { id: 'fresh', condition: "hours(now() - iso_datetime_parse(get('$.output.created_at'))) < 24" },
        { id: 'same', condition: 'year(now()) == 2026' },
      ],
    });
    const ctx = { output: { created_at: '2026-11-21T00:00:00Z' } };
    expect(verify(rs, ctx, { now: '2026-11-21T12:00:00Z' }).passed).toBe(true);
    expect(verify(rs, ctx, { now: new Date('2026-11-23T12:00:00Z') }).results.map((r) => r.passed)).toEqual([false, true]);
    expect(() => verify(rs, ctx, { now: 'not a date' })).toThrow(UserFnError);
  });

  it('treats a non-object context like any other: rules read null', () => {
    const v = verify(issueExample, 42);
    expect(v.passed).toBe(false);
    expect(v.results.map((r) => r.passed)).toEqual([false, false, true]);
  });
});

describe('an explanation names a path that reads through a string', () => {
  it("says it in a rule's explanation, as userfn verify and /verify report it", () => {
    const rs = loadRuleSet({ rules: [{ id: 'hits', condition: "get('$.tools.search_kb.outputs.latest.hits') > 0" }] });
    const [r] = verify(rs, { tools: { search_kb: { outputs: { latest: '{"hits":2}' } } } }).results;
    expect(r!.explanation).toContain("use json_get(get('$.tools.search_kb.outputs.latest'), '$.hits')".replace('use ', ''));
  });
});

describe('verify with verdicts given (a scripted judge)', () => {
  const judged = loadRuleSet({
    rules: [
      { id: 'c', condition: "get('$.ok') == true" },
      { id: 'j', when: "get('$.ask') != false", judge: { prompt: 'Good?', threshold: 0.6 }, weight: 2, retry_prompt: 'Do better.' },
    ],
  });

  it('decides a judge rule from its verdict as from a reply: pass, threshold, reason; the weight counts', () => {
    expect(verify(judged, { ok: true }, { verdicts: { j: { pass: true } } })).toMatchObject({ passed: true, score: 1, decision: 'accept' });
    const low = verify(judged, { ok: true }, { verdicts: { j: { pass: true, score: 0.5, reason: 'Vague.' } } });
    expect(low).toMatchObject({ passed: false, score: 1 / 3, decision: 'retry', retry_prompt: 'Do better.' });
    expect(low.results[1]).toMatchObject({ passed: false, explanation: 'judge: Vague.', judge: { verdict: 'fail', score: 0.5, reason: 'Vague.' } });
    const error = verify(judged, { ok: true }, { verdicts: { j: { error: 'timeout' } } });
    expect(error).toMatchObject({ passed: false, incomplete: true });
    expect(error.results[1]!.explanation).toBe('judge error: timeout');
  });

  it('a judge its when skips needs no verdict; one that runs without a verdict is not run', () => {
    expect(verify(judged, { ok: true, ask: false })).toMatchObject({ passed: true, score: 1 });
    expect(verify(judged, { ok: true }, { verdicts: {} }).results[1]!.explanation).toBe('judge error: not run: no judge endpoint');
    // an inherited key is no verdict
    expect(verify(judged, { ok: true }, { verdicts: Object.create({ j: { pass: true } }) }).passed).toBe(false);
  });
});

// Verifications are written out as JSON (userfn verify --explain, serve's /verify): their keys
// keep one order, optional ones in their place (verify.ts builds the object field by field).
describe('a verification’s keys', () => {
  it('come in one order, incomplete and retry_prompt in their places when present', () => {
    const rs = loadRuleSet({
      rules: [
        { id: 'ok', condition: "get('$.ok') == true", message: 'Not ok.' },
        { id: 'j', judge: { prompt: 'Good?' } },
      ],
    });
    expect(Object.keys(verify(rs, { ok: true }, { verdicts: { j: { pass: true } } }))).toEqual([
      'passed',
      'score',
      'results',
      'decision',
      'attempt',
      'rule_set',
    ]);
    expect(Object.keys(verify(rs, { ok: false }, { verdicts: { j: { pass: true } } }))).toEqual([
      'passed',
      'score',
      'results',
      'decision',
      'retry_prompt',
      'attempt',
      'rule_set',
    ]);
    expect(Object.keys(verify(rs, { ok: false }, { verdicts: { j: { error: 'down' } } }))).toEqual([
      'passed',
      'score',
      'results',
      'incomplete',
      'decision',
      'retry_prompt',
      'attempt',
      'rule_set',
    ]);
    const conditionsOnly = loadRuleSet({ rules: [{ id: 'ok', condition: "get('$.ok') == true" }] });
    const v = verify(conditionsOnly, { ok: true });
    expect(Object.keys(v)).toEqual(['passed', 'score', 'results', 'decision', 'attempt', 'rule_set']);
    expect(v.results).toEqual([{ id: 'ok', passed: true, severity: 'error' }]);
  });
});
