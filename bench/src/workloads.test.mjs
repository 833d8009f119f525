import { describe, expect, it } from 'vitest';
import { loadWorkloads, sameResult, validateWorkloads } from './workloads.mjs';

describe('workloads.json', () => {
  it('is well formed: every engine has a source or a reason it cannot express the workload', () => {
    const data = loadWorkloads();
    expect(data.workloads.map((w) => w.id)).toEqual(['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7', 'W8', 'W9']);
    expect(data.workloads.find((w) => w.id === 'W9').sources.userfn).toHaveLength(10);
  });
  it('reports a missing source and a null without a reason', () => {
    const problems = validateWorkloads({
      context: {},
      now: '2026-01-01T00:00:00Z',
      workloads: [{ id: 'X', expected: true, sources: { userfn: 'true', js: null } }],
    });
    expect(problems).toContain('workload X: js is null without a reason in na');
    expect(problems.some((p) => p.startsWith('workload X: no source for cel'))).toBe(true);
  });
});

describe('sameResult', () => {
  it('compares numbers within a relative 1e-9', () => {
    expect(sameResult(0.9999999999999999, 1)).toBe(true);
    expect(sameResult(0.99, 1)).toBe(false);
    expect(sameResult('1', 1)).toBe(false);
  });
  it('compares other values deeply and strictly', () => {
    expect(sameResult(true, true)).toBe(true);
    expect(sameResult(1, true)).toBe(false);
    expect(sameResult(null, null)).toBe(true);
    expect(sameResult(undefined, null)).toBe(false);
    expect(sameResult([1, { a: 'x' }], [1, { a: 'x' }])).toBe(true);
    expect(sameResult({ a: 1, b: 2 }, { a: 1 })).toBe(false);
  });
});
