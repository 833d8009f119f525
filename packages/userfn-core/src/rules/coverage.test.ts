import { describe, expect, it } from 'vitest';
import { CoverageRecorder } from './coverage.js';
import { loadRuleSet } from './load.js';

const rs = loadRuleSet({
  rules: [
    { id: 'either', condition: "get('$.x') == 1 or get('$.y') == 1" },
    { id: 'branchy', condition: "if (get('$.big')) get('$.n') > 10 else get('$.n') > 0" },
    { id: 'plain', condition: "get('$.n') != null" },
  ],
});

describe('CoverageRecorder', () => {
  it('counts each rule held and not held, and each and/or operand and conditional branch reached', () => {
    const c = new CoverageRecorder(rs);
    c.record({ x: 1, big: true, n: 11 });
    c.record({ x: 1, big: true, n: 5 });
    const r = c.report();
    expect(r.rules.map((x) => [x.id, x.held, x.notHeld])).toEqual([
      ['either', 2, 0],
      ['branchy', 1, 1],
      ['plain', 2, 0],
    ]);
    // `or` short-circuits: its right operand was never reached; neither was the else branch.
    expect(r.rules[0]!.points.map((p) => [p.role, p.text, p.column, p.reached])).toEqual([
      ['or left', "get('$.x') == 1", 1, 2],
      ['or right', "get('$.y') == 1", 20, 0],
    ]);
    expect(r.rules[1]!.points.map((p) => [p.role, p.text, p.reached])).toEqual([
      ['then', "get('$.n') > 10", 2],
      ['else', "get('$.n') > 0", 0],
    ]);
    expect(r.neverFailed).toEqual(['either', 'plain']);
    // 3 rules × 2 outcomes + 4 points = 10 items; seen: either held, branchy both, plain held, or-left, then = 6
    expect([r.covered, r.total]).toEqual([6, 10]);
    expect(r.percent).toBeCloseTo(60, 12);
  });

  it('reaches everything with the right contexts, and counts a runtime error as not held', () => {
    const c = new CoverageRecorder(rs);
    c.record({ x: 1, big: true, n: 11 });
    c.record({ x: 2, y: 2, big: false, n: null });
    c.record({ big: 'yes' }); // the condition of `if` is not a boolean: a runtime error
    const r = c.report();
    expect(r.percent).toBe(100);
    expect(r.neverFailed).toEqual([]);
    expect(r.rules[1]!.notHeld).toBe(2);
  });

  it('a rule set with nothing recorded covers nothing', () => {
    const r = new CoverageRecorder(rs).report();
    expect([r.covered, r.total, r.percent]).toEqual([0, 10, 0]);
  });
});
