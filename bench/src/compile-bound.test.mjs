import * as core from '@userfn/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundCompiler, loadBoundModules } from './compile-bound.mjs';
import { contractRules, contractSessions } from './contract.mjs';
import { loadWorkloads } from './workloads.mjs';

/** What an evaluation gives: its value, or the code of its error. */
const outcome = (f) => {
  try {
    return { value: f() };
  } catch (e) {
    if (typeof e?.code !== 'string') throw e;
    return { error: e.code };
  }
};

const contexts = [
  {
    output: { confidence: 0.9, status: 'indexed', text: 'a refund for the order', sections_indexed: 3 },
    tools: { search: {} },
    agent: { key: 'support-agent' },
  },
  { output: { confidence: '0.9', status: 42, text: 7, sections_indexed: 'x' }, tools: [] },
  { output: { confidence: null, status: null, text: null }, agent: { key: 5 } },
  { output: [1, 2] },
  { output: { confidence: true, status: ['indexed'] }, tools: { search: null } },
  { output: Object.create({ confidence: 0.99, status: 'indexed' }) },
  { tool_calls: [{ name: 'search' }, { name: 'lookup_account' }], output: { status: 'partial' } },
  { tool_calls: 'not a list' },
  null,
  'text',
  [],
];

// The bound the compile target is judged against (bench/README, "Compile, eighth session"): it
// must do compile()'s work on what it takes, or its figure would bound nothing.
describe('boundCompiler (bench measure of a one-pass compile)', () => {
  let bound;
  beforeAll(async () => {
    bound = boundCompiler(await loadBoundModules());
  });
  const bench = loadWorkloads();
  const now = new Date(bench.now);

  it('takes every contract condition and gives compile()’s type, and its value or error on every session', () => {
    const options = { profile: 'verification', now };
    const sessions = [...contractSessions(64), ...contractSessions(8, 7, { built: true }), ...contexts];
    for (const { userfn } of contractRules()) {
      const b = bound(userfn, options);
      expect(b, userfn).toBeDefined();
      const c = core.compile(userfn, options);
      expect([userfn, b.type, b.diagnostics]).toEqual([userfn, c.type, c.diagnostics]);
      for (const s of sessions) expect([userfn, s, outcome(() => b.evaluate(s))]).toEqual([userfn, s, outcome(() => c.evaluate(s))]);
    }
  });

  it('takes the workloads of W1–W7, with compile()’s type and values', () => {
    const taken = [];
    for (const w of bench.workloads.filter((x) => /^W[1-7]$/.test(x.id))) {
      const options = { profile: w.userfnProfile ?? 'verification', now };
      const b = bound(w.sources.userfn, options);
      if (b === undefined) continue;
      taken.push(w.id);
      const c = core.compile(w.sources.userfn, options);
      expect(b.type).toBe(c.type);
      for (const ctx of [bench.context, ...contexts]) expect([w.id, ctx, outcome(() => b.evaluate(ctx))]).toEqual([w.id, ctx, outcome(() => c.evaluate(ctx))]);
    }
    expect(taken).toEqual(['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7']);
  });

  it('agrees on precedence, brackets, lists, `not`, arithmetic and `?:` over sources written for it', () => {
    const options = { profile: 'verification', now };
    const sources = [
      "get('$.output.confidence') * 10 - 2 > 3 + get('$.output.sections_indexed') % 2 / 4",
      "(get('$.output.confidence') > 0.5 ? 'high' : get('$.output.status') == null ? 'none' : 'low') == 'high'",
      "(get('$.output.confidence') > 0.5 ? get('$.output.confidence') > 0.8 ? 2 : 1 : 0) >= 1",
      "min(1, get('$.output.sections_indexed') / 10) + 0.5 * (called('search') ? 1 : 0) > 0.7",
      "get('$.output.text') + '!' == 'a refund for the order!'",
      "not get('$.output.status') == 'indexed' or get('$.output.confidence') > 0.5 and called('search')",
      "(not (get('$.output.status') == 'indexed' or get('$.output.confidence') > 0.5)) and called('search')",
      "get('$.output.status') in ['indexed', 'partial'] and not (get('$.output.confidence') < 0.2)",
      "get('$.output.status') in [] or 'fund' in get('$.output.text')",
      "contains(get('$.output.text'), 'refund') or get('$.output.status') != null",
      "called('search') and called('lookup_account') or not called('search')",
    ];
    for (const source of sources) {
      const b = bound(source, options);
      expect(b, source).toBeDefined();
      const c = core.compile(source, options);
      expect(b.type).toBe(c.type);
      for (const ctx of contexts) expect([source, ctx, outcome(() => b.evaluate(ctx))]).toEqual([source, ctx, outcome(() => c.evaluate(ctx))]);
    }
  });

  it('gives up wherever compile() would warn or refuse, and on shapes it does not take', () => {
    const options = { profile: 'verification', now };
    // what compile() does with each: warns, throws, or takes a shape the bound leaves to it
    const refused = {
      "1 == 'a' or true": 'warns', // never equal
      "get('$.output.status') = 'x'": 'throws', // `=` for `==`
      "get('$.output.status'": 'throws', // a syntax error
      "nope('x') == 1": 'throws', // an unknown function
      'get() == 1': 'throws', // wrong arity
      "get('$.output').status == 'x'": 'throws', // member access
      '1 < 2 < 3': 'throws', // a chain of comparisons
      'called(1)': 'throws', // an argument of the wrong type
      "get('$.output[') == 1": 'throws', // a path the checker refuses
      'true + 1 > 0': 'warns', // a boolean in arithmetic
      "(true ? 'a' : 'b') == 1": 'warns', // never equal
      "get('$.output.confidence') > 0.5 ? 1 : 0": 'throws', // a number where a boolean is due
      "-get('$.output.confidence') < 0": 'shape', // a prefix minus
      "get('$.output.status')": 'shape', // an open type where a boolean is due: compile() checks the result at run time
      "get('$.output.status') && true": 'shape', // `&&` for `and`
    };
    for (const [source, what] of Object.entries(refused)) {
      expect([source, bound(source, options)]).toEqual([source, undefined]);
      let c;
      try {
        c = core.compile(source, options);
      } catch (e) {
        expect([source, e.code]).not.toEqual([source, undefined]);
        expect([source, what]).toEqual([source, 'throws']);
        continue;
      }
      expect([source, what, c.diagnostics.length > 0]).toEqual([source, what, what === 'warns']);
    }
  });
});
