import { describe, expect, it } from 'vitest';
import { sliceIndices } from './slice.js';

describe('RFC 9535 slice semantics', () => {
  it.each<[number | null, number | null, number | null, number, number[]]>([
    [1, 3, null, 7, [1, 2]],
    [5, null, null, 7, [5, 6]],
    [1, 5, 2, 7, [1, 3]],
    [5, 1, -2, 7, [5, 3]],
    [null, null, -1, 7, [6, 5, 4, 3, 2, 1, 0]],
    [null, null, null, 3, [0, 1, 2]],
    [null, null, 0, 3, []],
    [-2, null, null, 5, [3, 4]],
    [-100, 100, null, 3, [0, 1, 2]],
    [100, -100, -1, 3, [2, 1, 0]],
    [2, 2, null, 5, []],
    [null, 0, -1, 3, [2, 1]],
    [0, null, 9007199254740991, 5, [0]],
    [null, null, null, 0, []],
    [null, null, -1, 0, []],
  ])('[%s:%s:%s] on length %i', (start, end, step, len, expected) => {
    expect(sliceIndices(start, end, step, len)).toEqual(expected);
  });
});
