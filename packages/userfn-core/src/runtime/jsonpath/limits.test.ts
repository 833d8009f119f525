import { describe, expect, it } from 'vitest';
import { compilePath, JsonPathLimitError, JsonPathSyntaxError, type VisitBudget } from './index.js';

const DEEP = 100_000;

/** {a: {a: ... {a: leaf}}} nested `depth` levels, built without recursion. */
function deepObject(depth: number, leaf: unknown = 'bottom'): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** [[[ ... [leaf] ... ]]] nested `depth` levels. */
function deepArray(depth: number, leaf: unknown = 'bottom'): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

function limitOf(f: () => unknown): JsonPathLimitError {
  try {
    f();
  } catch (e) {
    if (e instanceof JsonPathLimitError) return e;
    throw e;
  }
  throw new Error('expected a JsonPathLimitError');
}

const roomy = (): VisitBudget => ({ remaining: 10_000_000, maxDepth: 1_000_000 });

describe('deep documents', () => {
  it('stops a descendant walk below the default depth of 1,000 with a limit error', () => {
    for (const doc of [deepObject(DEEP), deepArray(DEEP)]) {
      for (const path of ['$..a', '$..*', '$..[0]', '$[?@..x]', '$..[?@ == 1]']) {
        const e = limitOf(() => compilePath(path).select(doc));
        expect(e.which, path).toBe('depth');
        expect(e).toBeInstanceOf(Error);
      }
    }
  });

  it('walks 100,000 levels without overflowing the stack when the budget allows it', () => {
    expect(compilePath('$..a').select(deepObject(DEEP), roomy())).toHaveLength(DEEP);
    const leaves = compilePath('$..*').select(deepArray(DEEP), roomy());
    expect(leaves).toHaveLength(DEEP);
    expect(leaves[DEEP - 1]).toBe('bottom');
  });

  it('accepts exactly maxDepth levels below the start', () => {
    const doc = deepObject(10);
    expect(compilePath('$..a').select(doc, { remaining: 1000, maxDepth: 10 })).toHaveLength(10);
    expect(limitOf(() => compilePath('$..a').select(doc, { remaining: 1000, maxDepth: 9 })).which).toBe('depth');
  });

  it('compares 100,000-level values without overflowing the stack', () => {
    const doc = { items: [{ x: deepObject(DEEP) }, { x: deepObject(DEEP, 'other') }], y: deepObject(DEEP) };
    const q = compilePath('$.items[?@.x == $.y]');
    expect(limitOf(() => q.select(doc)).which).toBe('depth');
    expect(q.select(doc, roomy())).toEqual([doc.items[0]]);
    // The same object compared with itself needs no walk.
    expect(compilePath('$[?@ == $[0]]').select([doc.y])).toEqual([doc.y]);
  });

  it('reads singular paths of any depth', () => {
    const doc = deepObject(50_000);
    const path = '$' + '.a'.repeat(50_000);
    expect(compilePath(path).get(doc)).toBe('bottom');
    expect(compilePath(path + '.a').get(doc)).toBeUndefined();
  });
});

describe('visit budget', () => {
  it('charges each selected node to a shared budget', () => {
    const budget: VisitBudget = { remaining: 100, maxDepth: 10 };
    expect(compilePath('$[*]').select([1, 2, 3, 4, 5], budget)).toHaveLength(5);
    expect(budget.remaining).toBe(95);
    compilePath('$[0:2]').exists([1, 2, 3], budget);
    expect(budget.remaining).toBe(93);
  });

  it('throws a visits limit error when the budget runs out', () => {
    const e = limitOf(() =>
      compilePath('$[*]').select(
        Array.from({ length: 100 }, (_, i) => i),
        { remaining: 10, maxDepth: 10 },
      ),
    );
    expect(e.which).toBe('visits');
    expect(e.name).toBe('JsonPathLimitError');
  });

  it('stops a huge array, and a combinatorial blow-up, at the default 1,000,000 visits', () => {
    const huge = new Array<number>(1_500_000).fill(1);
    expect(limitOf(() => compilePath('$[*]').select(huge)).which).toBe('visits');
    expect(limitOf(() => compilePath('$[?@ == 1]').select(huge)).which).toBe('visits');
    // Each union multiplies the nodelist by 10: 10^8 nodes if nothing stopped it.
    const union = '[' + Array(10).fill('0').join(',') + ']';
    const nested = deepArray(8, 1);
    expect(limitOf(() => compilePath('$' + union.repeat(8)).select(nested)).which).toBe('visits');
  });

  it('charges deep comparisons', () => {
    const big = Array.from({ length: 1000 }, (_, i) => i);
    const doc = { a: big, b: [...big] };
    const q = compilePath('$[?$.a == $.b]');
    expect(limitOf(() => q.select(doc, { remaining: 50, maxDepth: 10 })).which).toBe('visits');
    expect(q.select(doc)).toEqual([doc.a, doc.b]);
  });
});

describe('hostile paths', () => {
  it('compiles a 100 KB singular path', () => {
    const path = '$' + '.abcd'.repeat(20_000);
    expect(path.length).toBeGreaterThanOrEqual(100_000);
    const p = compilePath(path);
    expect(p.singular).toBe(true);
    expect(p.get({ abcd: {} })).toBeUndefined();
  });

  it('compiles and runs 100 KB of segments, unions and logical operators', () => {
    expect(compilePath('$' + '[*]'.repeat(33_000)).select([[1]])).toEqual([]);
    expect(compilePath('$[' + Array(30_000).fill('0').join(',') + ']').select(['x'])).toHaveLength(30_000);
    const and = '$[?' + Array(10_000).fill('@.a').join(' && ') + ']';
    expect(compilePath(and).select([{ a: 1 }, {}])).toEqual([{ a: 1 }]);
    const or = '$[?' + Array(10_000).fill('@.b == 2').join('||') + ']';
    expect(compilePath(or).select([{ b: 2 }, { b: 3 }])).toEqual([{ b: 2 }]);
    expect(compilePath(`$['${'x'.repeat(100_000)}']`).get({})).toBeUndefined();
    expect(compilePath(`$[?@ == ${'9'.repeat(100_000)}]`).select([1])).toEqual([]);
  });

  it.each<[string, string]>([
    ['10,000 nested parentheses', '$[?' + '('.repeat(10_000) + '@.a' + ')'.repeat(10_000) + ']'],
    ['10,000 negations', '$[?' + '!'.repeat(10_000) + '@.a]'],
    ['10,000 negated parentheses', '$[?' + '!('.repeat(10_000) + '@.a' + ')'.repeat(10_000) + ']'],
    ['10,000 nested filters', '$' + '[?@'.repeat(10_000) + ']'.repeat(10_000)],
    ['10,000 nested calls', '$[?' + 'count(value('.repeat(10_000) + '@' + '))'.repeat(10_000) + ']'],
    ['10,000 unclosed brackets', '$' + '['.repeat(10_000)],
  ])('rejects %s with a syntax error, not a stack overflow', (_name, path) => {
    expect(() => compilePath(path)).toThrow(JsonPathSyntaxError);
  });
});

describe('hostile regular expressions', () => {
  it('gives false for patterns too deep or too large for RE2, without throwing', () => {
    const deep = '('.repeat(100_000) + 'a' + ')'.repeat(100_000);
    const q = compilePath('$[?match(@, $.re)]');
    expect(q.select({ re: deep, s: 'a' })).toEqual([]);
    expect(compilePath('$[?match(@, "a{2000}")]').select(['a'.repeat(2000)])).toEqual([]);
  });

  it('matches pathological patterns in linear time (no backtracking blow-up)', () => {
    const input = 'a'.repeat(100_000);
    expect(compilePath("$[?match(@, '(a*)*b')]").select([input])).toEqual([]);
    expect(compilePath("$[?search(@, '(a|aa)+c')]").select([input])).toEqual([]);
    expect(compilePath("$[?match(@, '(a|aa)+')]").select([input])).toEqual([input]);
  });
});
