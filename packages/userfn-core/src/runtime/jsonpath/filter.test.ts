import { describe, expect, it } from 'vitest';
import { Datetime } from '../../common/values/time-values.js';
import { compilePath } from './index.js';

const select = (path: string, doc: unknown): unknown[] => compilePath(path).select(doc);

describe('comparisons with Nothing', () => {
  it('treats two absent values as equal, and absent as unequal to anything present', () => {
    expect(select('$[?@.a == @.b]', [{}, { a: 1 }, { a: 1, b: 1 }])).toEqual([{}, { a: 1, b: 1 }]);
    expect(select('$[?@.a <= @.b]', [{}])).toEqual([{}]);
    expect(select('$[?@.a >= @.b]', [{}])).toEqual([{}]);
    expect(select('$[?@.a < @.b]', [{}])).toEqual([]);
    expect(select('$[?@.a != @.b]', [{ a: 1 }, {}])).toEqual([{ a: 1 }]);
    expect(select('$[?@.a == null]', [{}, { a: null }])).toEqual([{ a: null }]);
    expect(select('$[?@.a != null]', [{}, { a: null }, { a: 0 }])).toEqual([{}, { a: 0 }]);
    expect(select('$[?null == @.a]', [{}, { a: null }])).toEqual([{ a: null }]);
  });
});

describe('deep equality and ordering', () => {
  it('compares containers by value and the root through $', () => {
    const doc = { ref: { x: [1, { y: 2 }] }, items: [{ v: { x: [1, { y: 2 }] } }, { v: { x: [1, { y: 3 }] } }, { v: 'x' }] };
    expect(select('$.items[?@.v == $.ref]', doc)).toEqual([doc.items[0]]);
    expect(select('$.items[?@.v != $.ref]', doc)).toEqual([doc.items[1], doc.items[2]]);
    expect(select('$.items[?@.v <= $.ref]', doc)).toEqual([doc.items[0]]);
    expect(select('$.items[?@.v < $.ref]', doc)).toEqual([]);
  });

  it('orders strings by code point and never orders mixed types', () => {
    expect(select("$[?@ < '😀']", ['\uFFFF', '😁', 'a'])).toEqual(['\uFFFF', 'a']);
    expect(select('$[?@ > 1]', [2, '3', true, null, [5], { a: 5 }])).toEqual([2]);
    expect(select('$[?@ >= true]', [true, false, 1])).toEqual([true]);
    expect(select('$[?@ == 1]', [1, 1.0, '1', true, [1]])).toEqual([1, 1]);
  });

  it('compares class instances by identity only', () => {
    const t = new Datetime(5);
    expect(select('$.list[?@ == $.t]', { t, list: [t, new Datetime(5)] })).toEqual([t]);
    expect(select('$.list[?@ < $.t]', { t, list: [new Datetime(1)] })).toEqual([]);
  });
});

describe('logical operators', () => {
  it('binds ! to a test, && tighter than ||, and short-circuits', () => {
    const doc = [{ a: 1 }, { b: 1 }, { a: 1, b: 1 }, {}];
    expect(select('$[?!@.a && @.b]', doc)).toEqual([{ b: 1 }]);
    expect(select('$[?!(@.a && @.b)]', doc)).toEqual([{ a: 1 }, { b: 1 }, {}]);
    expect(select('$[?@.a || @.b && @.c]', doc)).toEqual([{ a: 1 }, { a: 1, b: 1 }]);
    expect(select('$[?(@.a || @.b) && !@.a]', doc)).toEqual([{ b: 1 }]);
  });

  it('applies filters to object member values and nested filters to their own current node', () => {
    const doc = { x: { n: 1, tags: ['a'] }, y: { n: 2, tags: ['b', 'a'] }, z: 3 };
    expect(select('$[?@.n > 1]', doc)).toEqual([doc.y]);
    expect(select("$[?@.tags[?@ == 'b']]", doc)).toEqual([doc.y]);
    expect(select('$..[?@ == 1]', doc)).toEqual([1]);
  });
});

describe('function extensions', () => {
  it('length counts code points, elements and members, and is Nothing otherwise', () => {
    const doc = ['😀', 'ab', [1, 2], { a: 1, b: 2 }, 2, null, true, new Datetime(0)];
    expect(select('$[?length(@) == 1]', doc)).toEqual(['😀']);
    expect(select('$[?length(@) == 2]', doc)).toEqual(['ab', [1, 2], { a: 1, b: 2 }]);
    // Nothing == Nothing: the elements without a length.
    expect(select('$[?length(@) == length(@.none)]', doc)).toEqual([2, null, true, doc[7]]);
  });

  it('count and value read nodelists', () => {
    const doc = { a: [{ c: 1 }, { c: 2, d: { c: 3 } }], b: { c: 9 } };
    expect(select('$.a[?count(@..c) == 2]', doc)).toEqual([doc.a[1]]);
    expect(select('$.a[?value(@..c) == 1]', doc)).toEqual([doc.a[0]]);
    expect(select('$[?value(@.c) == 9]', doc)).toEqual([doc.b]);
    expect(select('$[?count(@.*) == 1]', doc)).toEqual([doc.b]);
  });

  it('match and search give the same answers for literal and document patterns', () => {
    const doc = { re: 'b.', values: ['abc', 'bc', 'b\n', 'xyz', 1] };
    expect(select("$.values[?match(@, 'b.')]", doc)).toEqual(['bc']);
    expect(select('$.values[?match(@, $.re)]', doc)).toEqual(['bc']);
    expect(select("$.values[?search(@, 'b.')]", doc)).toEqual(['abc', 'bc']);
    expect(select('$.values[?search(@, $.re)]', doc)).toEqual(['abc', 'bc']);
  });
});
