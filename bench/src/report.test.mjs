import { describe, expect, it } from 'vitest';
import { cellText, compilePartsSection, deriveRatios, evaluateTargets, fmt, markdownTable } from './report.mjs';

const engines = [
  { id: 'userfn', label: 'UserFn', group: 'userfn' },
  { id: 'js', label: 'JS', group: 'floor' },
  { id: 'cel-js', label: 'cel-js', group: 'peer' },
  { id: 'jexl', label: 'jexl', group: 'peer' },
];
const W = ['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7'];
const ok = (value) => ({ status: 'ok', value });
const row = (f) => Object.fromEntries(W.map((w, i) => [w, f(i)]));

describe('deriveRatios', () => {
  const evaluation = {
    userfn: row(() => ok(20)),
    js: row(() => ok(5)),
    'cel-js': row(() => ok(200)),
    jexl: { ...row(() => ok(100)), W2: { status: 'n/a' } },
  };
  const r = deriveRatios(
    engines,
    W.map((id) => ({ id })),
    evaluation,
  );
  it('divides by the hand-written closure of the same workload', () => {
    expect(r.toHandWritten.userfn.W1).toBe(4);
    expect(r.toHandWritten['cel-js'].W1).toBe(40);
  });
  it('finds the fastest peer per workload, skipping n/a cells', () => {
    expect(r.fastestPeer.W1).toEqual({ engine: 'jexl', nsPerOp: 100 });
    expect(r.fastestPeer.W2).toEqual({ engine: 'cel-js', nsPerOp: 200 });
    expect(r.toFastestPeer.userfn.W1).toBe(0.2);
    expect(r.toFastestPeer.jexl.W2).toBeNull();
  });
});

describe('evaluateTargets', () => {
  const base = {
    evaluation: { userfn: row(() => ok(20)), js: row(() => ok(5)), 'cel-js': row(() => ok(200)) },
    compile: { userfn: { W1: 2 }, 'cel-js': { W1: 4 } },
    cache: { W1: { hit: true } },
    batch: { available: true, bare: { recordsPerSecond: 100 }, workers1: { recordsPerSecond: 80 }, workers2: { recordsPerSecond: 120 } },
    languageService: {
      available: true,
      cases: [
        { name: 'diagnostics', p95: 3 },
        { name: 'completion', p95: 1 },
      ],
    },
  };
  const byId = (ts) => Object.fromEntries(ts.map((t) => [t.id, t]));

  it('meets every target on figures that meet them', () => {
    const t = byId(evaluateTargets(base));
    expect(t['eval-vs-cel-js'].met).toBe(true);
    expect(t['eval-vs-hand-written'].measured).toBeCloseTo(4);
    expect(t['w7-vs-property-read'].met).toBe(false); // 4× > 3×
    expect(t['compile-vs-cel-js'].met).toBe(true);
    expect(t['batch-verify'].met).toBe(true);
    expect(t['language-service'].met).toBe(true);
  });
  it('misses a target when one workload misses it', () => {
    const evaluation = { ...base.evaluation, userfn: { ...base.evaluation.userfn, W5: ok(50) } };
    expect(byId(evaluateTargets({ ...base, evaluation }))['eval-vs-cel-js'].met).toBe(false);
  });
  it('misses the compile target when a repeat is not a cache hit', () => {
    expect(byId(evaluateTargets({ ...base, cache: { W1: { hit: false } } }))['compile-vs-cel-js'].met).toBe(false);
  });
  it('reports not measured (null) when the figure is not available', () => {
    const t = byId(evaluateTargets({ ...base, batch: { available: false }, languageService: { available: false } }));
    expect(t['batch-verify'].met).toBeNull();
    expect(t['language-service'].met).toBeNull();
  });
  it('misses the batch target on 1 worker alone when 2 workers could not be measured', () => {
    const batch = { ...base.batch, workers1: { recordsPerSecond: 50 }, workers2: { available: false } };
    expect(byId(evaluateTargets({ ...base, batch }))['batch-verify'].met).toBe(false);
  });
  it('needs 2 workers faster than 1 for the batch target', () => {
    const batch = { ...base.batch, workers2: { recordsPerSecond: 70 } };
    expect(byId(evaluateTargets({ ...base, batch }))['batch-verify'].met).toBe(false);
  });
});

describe('formatting', () => {
  it('keeps three significant digits and groups thousands', () => {
    expect(fmt(0.12345)).toBe('0.123');
    expect(fmt(12.345)).toBe('12.3');
    expect(fmt(123456.7)).toBe('123,457');
    expect(fmt(null)).toBe('—');
  });
  it('shows n/a and error cells as such', () => {
    expect(cellText({ status: 'n/a' })).toBe('n/a');
    expect(cellText({ status: 'error' })).toBe('error');
    expect(cellText(ok(5))).toBe('5.00');
  });
  it('renders a markdown table', () => {
    expect(markdownTable(['a', 'b'], [['1', '2']])).toBe('| a | b |\n| --- | ---: |\n| 1 | 2 |');
  });
});

describe('compilePartsSection', () => {
  const compile = { userfn: { W1: 3, W5: 10 }, 'cel-js': { W1: 0.7, W5: 3.6 } };
  it('shows the stages of compile() beside cel-js and names the workloads where the Chevrotain floor alone is slower', () => {
    const lines = compilePartsSection({ W1: { parseUs: 2.5, grammarUs: 1.2 }, W5: { parseUs: 7, grammarUs: 3 } }, compile, ['W1', 'W5']);
    const text = lines.join('\n');
    expect(text).toContain('| lexing + Chevrotain grammar alone (the floor with Chevrotain) | 1.20 | 3.00 |');
    expect(text).toContain('| @marcbachmann/cel-js parse() + check(), for comparison | 0.700 | 3.60 |');
    expect(text).toContain("On W1 the lexer and the Chevrotain grammar alone take longer than cel-js's whole parse + check.");
  });
  it('says so when the floor is below cel-js everywhere, and shows nothing without figures', () => {
    expect(compilePartsSection({ W5: { parseUs: 7, grammarUs: 3 } }, compile, ['W5']).join('\n')).toContain('On every workload');
    expect(compilePartsSection(undefined, compile, ['W1'])).toEqual([]);
  });
});
