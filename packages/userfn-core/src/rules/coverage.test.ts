import { describe, expect, it } from 'vitest';
import { CoverageRecorder } from './coverage.js';
import { loadRuleSet } from './load.js';
import { verify } from './verify.js';

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

  it('covers a judge rule: its outcome from the verification recorded, the operands of its when; a skip alone is a hold', () => {
    const judged = loadRuleSet({
      rules: [
        { id: 'c', condition: "get('$.n') != null" },
        { id: 'j', when: "get('$.ask') == true and get('$.n') > 0", judge: { prompt: 'Good?' } },
      ],
    });
    const c = new CoverageRecorder(judged);
    // skipped (the when is false at its left operand): held, without a verification
    c.record({ n: 1, ask: false });
    let j = c.report().rules[1]!;
    expect(j).toMatchObject({ id: 'j', kind: 'judge', held: 1, notHeld: 0 });
    expect(j.points.map((p) => [p.role, p.text, p.reached])).toEqual([
      ['and left', "get('$.ask') == true", 1],
      ['and right', "get('$.n') > 0", 0],
    ]);
    // asked: the outcome is unknown without the verification, and is read from it
    c.record({ n: 1, ask: true });
    expect(c.report().rules[1]).toMatchObject({ held: 1, notHeld: 0 });
    const context = { n: 1, ask: true };
    c.record(context, {}, verify(judged, context, { verdicts: { j: { pass: false } } }));
    j = c.report().rules[1]!;
    expect(j).toMatchObject({ held: 1, notHeld: 1 });
    expect(j.points.every((p) => p.reached > 0)).toBe(true);
    expect(c.report().neverFailed).toEqual(['c']);
  });
});
