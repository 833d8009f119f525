import { describe, expect, it } from 'vitest';
import { Datetime } from '../../common/values/time-values.js';
import { compareStrings as compareCodePoints } from '../../common/values/compare.js';
import { jsonEquals, jsonLess } from './equality.js';

const budget = () => ({ remaining: 1_000_000, maxDepth: 1000 });

describe('jsonEquals', () => {
  it.each<[unknown, unknown, boolean]>([
    [1, 1.0, true],
    [0, -0, true],
    [1, '1', false],
    [null, null, true],
    [null, undefined, false],
    [undefined, undefined, true],
    [[1, [2, { a: 3 }]], [1, [2, { a: 3 }]], true],
    [[1, 2], [2, 1], false],
    [[1], [1, 1], false],
    [{ a: 1, b: 2 }, { b: 2, a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1, c: 2 }, { a: 1, b: 2 }, false],
    [{ a: undefined }, { b: undefined }, false],
    [{}, [], false],
    [[], {}, false],
    [new Datetime(1), new Datetime(1), false],
  ])('%j == %j is %s', (a, b, expected) => {
    expect(jsonEquals(a, b, budget())).toBe(expected);
    expect(jsonEquals(b, a, budget())).toBe(expected);
  });

  it('equals a class instance only to itself', () => {
    const t = new Datetime(1);
    expect(jsonEquals(t, t, budget())).toBe(true);
    expect(jsonEquals([t], [t], budget())).toBe(true);
  });
});

describe('jsonLess', () => {
  it('orders only two numbers or two strings', () => {
    expect(jsonLess(1, 2)).toBe(true);
    expect(jsonLess(2, 1)).toBe(false);
    expect(jsonLess('a', 'b')).toBe(true);
    expect(jsonLess('a', 'ab')).toBe(true);
    expect(jsonLess(1, '2')).toBe(false);
    expect(jsonLess(false, true)).toBe(false);
    expect(jsonLess(null, 1)).toBe(false);
    expect(jsonLess([1], [2])).toBe(false);
    expect(jsonLess(undefined, 1)).toBe(false);
  });

  it('orders strings by code point, not UTF-16 code unit', () => {
    // U+FFFF sorts before U+1F600, though its code unit is above the surrogate's.
    expect('\uFFFF' < '😀').toBe(false);
    expect(jsonLess('\uFFFF', '😀')).toBe(true);
    expect(jsonLess('😀', '\uFFFF')).toBe(false);
    expect(compareCodePoints('\uE000', '\uD800\uDC00')).toBeLessThan(0);
    expect(compareCodePoints('abc', 'abc')).toBe(0);
  });
});
