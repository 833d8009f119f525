import { describe, expect, it } from 'vitest';
import { CONTEXT_COPIES, makeLoop, makeOnce, measure, settled } from './loops.mjs';

const xs = Array.from({ length: CONTEXT_COPIES }, (_, i) => ({ v: i }));

describe('generated loops', () => {
  it('calls the target on the context copies in turn and returns the last result', () => {
    const seen = [];
    const loop = makeLoop('T(X)', 1, false);
    expect(
      loop(
        (x) => {
          seen.push(x.v);
          return x.v * 10;
        },
        undefined,
        xs,
        10,
      ),
    ).toBe(10);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 1]);
  });
  it('counts the rules that gave true for a rule set', () => {
    const t = [() => true, () => false, () => true, () => null];
    expect(makeLoop('T(X)', 4, false)(...t, undefined, xs, 3)).toBe(2);
    expect(makeOnce('T(X)', 4, false)(...t, undefined, xs[0])).toBe(2);
  });
  it('passes the bindings and awaits an async engine', async () => {
    const target = { evaluate: async (x, b) => x.v + b.k };
    expect(await makeOnce('await T.evaluate(X, B)', 1, true)(target, { k: 100 }, xs[3])).toBe(103);
    expect(await makeLoop('await T.evaluate(X, B)', 1, true)(target, { k: 100 }, xs, 2)).toBe(101);
  });
  it('rejects a template that names numbered targets', () => {
    expect(() => makeLoop('T0(X)', 1, false)).toThrow(/name its target T/);
  });
});

describe('measure', () => {
  it('gives a per-op summary with the requested number of samples', async () => {
    let calls = 0;
    const s = await measure(
      (n) => {
        calls += n;
        return calls;
      },
      { sampleMs: 0.5, warmupMs: 1, samples: 4 },
    );
    expect(s.n).toBe(4);
    expect(s.iterations).toBeGreaterThanOrEqual(1);
    expect(typeof s.median).toBe('number');
  });
});

describe('settled', () => {
  it('is true when the fastest of the last five timings is no better than the fastest of the five before', () => {
    expect(settled([10, 12, 10, 30, 11, 10.2, 10.5, 25, 10, 11])).toBe(true);
    expect(settled([30, 20, 15, 12, 11, 9, 8, 8, 7, 7])).toBe(false);
  });
});
