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

/** A tree as JSON without its ids (the bound numbers nodes as it makes them, parse() in pre-order). */
const shape = (node) => JSON.parse(JSON.stringify(node, (k, v) => (k === 'id' ? undefined : v)));

/** Each node's type by its place in the tree: the side tables compared whatever the ids. */
const typesInOrder = (checked) => {
  const { ast, types, calls } = checked;
  const out = [];
  const visit = (n) => {
    out.push([JSON.stringify(types[n.id]), calls[n.id]?.decl.name, calls[n.id]?.candidates.length]);
    for (const k of ['args', 'items']) for (const x of n[k] ?? []) visit(x);
    for (const k of ['operand', 'left', 'right', 'test', 'then', 'else']) if (n[k]) visit(n[k]);
  };
  visit(ast);
  return out;
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
// must give what compile() gives on what it takes, or its figure would bound nothing.
describe('boundCompiler (bench measure of a one-pass compile)', () => {
  // compile() and the bound from one build (the per-file one, whose internals the test reads)
  let m;
  let bound;
  beforeAll(async () => {
    m = await loadBoundModules();
    bound = boundCompiler(m);
  });
  const bench = loadWorkloads();
  const now = new Date(bench.now);

  /** The bound takes `source` and gives compile()'s tree (ids aside), types, diagnostics, and value or error on each context, evaluated and interpreted. */
  const agrees = (source, options, over) => {
    const b = bound(source, options);
    expect(b, source).toBeDefined();
    const c = m.core.compile(source, options);
    const [bc, cc] = [m.internalsOf(b).checked, m.internalsOf(c).checked];
    expect([source, b.type, b.diagnostics, shape(bc.ast)]).toEqual([source, c.type, c.diagnostics, shape(cc.ast)]);
    expect([source, typesInOrder(bc)]).toEqual([source, typesInOrder(cc)]);
    for (const ctx of over) {
      expect([source, ctx, outcome(() => b.evaluate(ctx))]).toEqual([source, ctx, outcome(() => c.evaluate(ctx))]);
      expect([source, ctx, outcome(() => b.interpret(ctx))]).toEqual([source, ctx, outcome(() => c.interpret(ctx))]);
    }
  };

  it('takes every contract condition and gives what compile() gives on every session', () => {
    const sessions = [...contractSessions(64), ...contractSessions(8, 7, { built: true }), ...contexts];
    for (const { userfn } of contractRules()) agrees(userfn, { profile: 'verification', now }, sessions);
  });

  it('takes the workloads W1–W7 in their own profiles', () => {
    for (const w of bench.workloads.filter((x) => /^W[1-7]$/.test(x.id)))
      agrees(w.sources.userfn, { profile: w.userfnProfile ?? 'verification', now }, [bench.context, ...contexts]);
  });

  it('agrees on precedence, brackets, lists, `not`, arithmetic and `?:`, in every profile', () => {
    const conditions = [
      "not get('$.output.status') == 'indexed' or get('$.output.confidence') > 0.5 and called('search')",
      "(not (get('$.output.status') == 'indexed' or get('$.output.confidence') > 0.5)) and called('search')",
      "get('$.output.status') in ['indexed', 'partial'] and not (get('$.output.confidence') < 0.2)",
      "get('$.output.status') in [] or 'fund' in get('$.output.text') or get('$.output.status') in [null, 'x']",
      "contains(get('$.output.text'), 'refund') or get('$.output.status') != null",
      "called('search') and called('lookup_account') or not called('search')",
      "get('$.output.confidence') * 10 - 2 > 3 + get('$.output.sections_indexed') % 2 / 4",
      "(get('$.output.confidence') > 0.5 ? 'high' : get('$.output.status') == null ? 'none' : 'low') == 'high'",
      "(get('$.output.confidence') > 0.5 ? get('$.output.confidence') > 0.8 ? 2 : 1 : 0) >= 1",
      "min(1, get('$.output.sections_indexed') / 10) + 0.5 * (called('search') ? 1 : 0) > 0.7",
      "get('$.output.text') + '!' == 'a refund for the order!' and 'it''s' != get(('$.output.text'))",
      "get(('$.output.status'), 'none') == ('indexed')",
      "get('$.output.status')", // an open type where a boolean is due: checked when evaluated
    ];
    for (const source of conditions) agrees(source, { profile: 'verification', now }, contexts);
    const scores = ["get('$.score') * 2", "get('$.part_metadata.lang') == 'fra' ? get('$.score') * 1.6 : get('$.score')", "(get('$.score'))"];
    const results = [...contexts, { score: 2 }, { score: '2' }, { score: 3, part_metadata: { lang: 'fra' } }];
    for (const profile of ['reranker', 'any']) for (const source of scores) agrees(source, { profile, now }, results);
    agrees("called('search') and get('$.output.confidence') > 0.5", { profile: 'transition', now }, contexts);
  });

  it('types through a host schema as compile() does, bracketed literals included', () => {
    const contextSchema = { type: 'object', properties: { score: { type: 'number' } } };
    for (const source of ["get(('$.score')) + 1", "get('$.score') > 1 ? get(('$.score')) : 0"])
      agrees(source, { profile: 'any', contextSchema, now }, [{ score: 2 }, { score: 'a' }, {}, null]);
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
      "get(('$.output[')) == 1": 'throws', // the same in brackets: still a literal to the check hook
      "matches('abc', ('('))": 'throws', // a pattern in brackets
      "get(('$.x[*]'), 0) == 0": 'warns', // a default on a path that gives a list
      'true + 1 > 0': 'warns', // a boolean in arithmetic
      "(true ? 'a' : 'b') == 1": 'warns', // never equal
      "get('$.output.confidence') > 0.5 ? 1 : 0": 'throws', // a number where a boolean is due
      'true == not false': 'throws', // `not` right after a comparison
      "null < not called('search')": 'throws', // likewise
      "-get('$.output.confidence') < 0": 'shape', // a prefix minus
      "get('$.output.status') && true": 'shape', // `&&` for `and`
      "coalesce(get('$.output.status'), 'x') == 'x'": 'shape', // a lazy builtin
    };
    for (const [source, what] of Object.entries(refused)) {
      expect([source, bound(source, options)]).toEqual([source, undefined]);
      let c;
      try {
        c = m.core.compile(source, options);
      } catch (e) {
        expect([source, e.code]).not.toEqual([source, undefined]);
        expect([source, what]).toEqual([source, 'throws']);
        continue;
      }
      expect([source, what, c.diagnostics.length > 0]).toEqual([source, what, what === 'warns']);
    }
  });

  it('leaves malformed options to compile(), which reports them', () => {
    for (const options of [{ contextSchema: [] }, { contextSchema: 'x' }, { profile: 'nope' }, { now: 'not a date' }, { functions: { f: 1 } }]) {
      expect([options, bound('true', options)]).toEqual([options, undefined]);
      expect(() => m.core.compile('true', options)).toThrow();
    }
  });
});
