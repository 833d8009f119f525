import { describe, expect, it } from 'vitest';
import { evaluateExpression, MAX_VALUE_TEXT, valueText } from './evaluate.js';

const session = { output: { status: 'refunded', confidence: 0.91 }, tool_calls: [{ name: 'lookup_account' }] };
const ctx = (value: unknown) => ({ ok: true as const, value });

describe('evaluateExpression', () => {
  it('gives the value as JSON text, its type, the verdict and the times', () => {
    const r = evaluateExpression("get('$.output.status') == 'refunded'", 'verification', ctx(session), '');
    expect(r).toMatchObject({ status: 'ok', valueText: 'true', type: 'boolean', staticType: 'boolean', verdict: 'pass' });
    expect(r.compileMs).toBeGreaterThanOrEqual(0);
    expect(r.evaluateMs).toBeGreaterThanOrEqual(0);
    expect(r.reason).toBeUndefined();
    expect(r.tree).toContain("get('$.output.status') => 'refunded'");
  });

  it('explains a false condition with the sub-expression values', () => {
    const r = evaluateExpression("get('$.output.confidence') >= 0.95", 'verification', ctx(session), '');
    expect(r).toMatchObject({ status: 'ok', valueText: 'false', verdict: 'fail' });
    expect(r.reason).toBe("get('$.output.confidence') >= 0.95 was false: get('$.output.confidence') = 0.91");
    // a literal only repeats itself: no '0.95 => 0.95' line
    expect(r.tree?.split('\n').map((l) => l.trim())).toEqual(["get('$.output.confidence') >= 0.95 => false", "get('$.output.confidence') => 0.91"]);
  });

  it('counts null as a failed condition', () => {
    expect(evaluateExpression("get('$.missing')", 'verification', ctx(session), '')).toMatchObject({ valueText: 'null', type: 'null', verdict: 'fail' });
  });

  it('gives a reranker score, or null to drop the result', () => {
    expect(evaluateExpression("get('$.score') * 2", 'reranker', ctx({ score: 0.5 }), '')).toMatchObject({ score: 1 });
    expect(evaluateExpression("get('$.nope')", 'reranker', ctx({}), '')).toMatchObject({ score: null, valueText: 'null' });
  });

  it('shows lists and objects as pretty JSON, datetimes as ISO text', () => {
    expect(evaluateExpression("get('$.tool_calls[*].name')", 'any', ctx(session), '')).toMatchObject({ valueText: '[\n  "lookup_account"\n]', type: 'list' });
    expect(evaluateExpression("iso_datetime_parse('2026-01-02')", 'any', ctx(null), '')).toMatchObject({
      valueText: '"2026-01-02T00:00:00Z"',
      type: 'datetime',
    });
  });

  it('reports a compile error with its code and position', () => {
    const r = evaluateExpression("lenght(get('$.a'))", 'any', ctx({}), '');
    expect(r.status).toBe('compile-error');
    expect(r.error).toMatchObject({ kind: 'type', code: 'UF2001', start: 0, end: 6, line: 1, column: 1 });
    expect(r.valueText).toBeUndefined();
  });

  it('reports a runtime error at the sub-expression at fault, with the values computed before it', () => {
    const r = evaluateExpression("1 + to_number(get('$.s'))", 'any', ctx({ s: 'x' }), '');
    expect(r.status).toBe('runtime-error');
    expect(r.error).toMatchObject({ kind: 'runtime', start: 4 });
    expect(r.reason).toMatch(/^error at 1:5: /);
    expect(r.tree).toContain("get('$.s') => 'x'");
  });

  it('reports a limit as a limit error', () => {
    const deep = { a: Array.from({ length: 2000 }, () => ({ b: Array.from({ length: 600 }, (_, i) => i) })) };
    const r = evaluateExpression("get('$..*')", 'any', ctx(deep), '');
    expect(r.status).toBe('runtime-error');
    expect(r.error?.kind).toBe('limit');
  });

  it('does not evaluate on a context that is not JSON', () => {
    expect(evaluateExpression('1', 'any', { ok: false, message: 'the context is not valid JSON: x' }, '')).toMatchObject({
      status: 'context-error',
      reason: 'the context is not valid JSON: x',
      staticType: 'number',
    });
  });

  it('fixes now() with the clock, and says when the clock is not a date-time', () => {
    expect(evaluateExpression('year(now())', 'any', ctx(null), '2001-02-03T04:05:06Z')).toMatchObject({ valueText: '2001' });
    expect(evaluateExpression('year(now())', 'any', ctx(null), 'yesterday')).toMatchObject({ status: 'clock-error' });
  });
});

describe('valueText', () => {
  it('cuts very long values and says how long they were', () => {
    const long = 'x'.repeat(MAX_VALUE_TEXT + 10);
    const r = valueText(long);
    expect(r.truncated).toBe(true);
    expect(r.text.length).toBeLessThan(MAX_VALUE_TEXT + 100);
    expect(r.text).toMatch(/200,012 characters in all/);
  });
});
