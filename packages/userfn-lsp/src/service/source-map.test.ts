import { describe, expect, test } from 'vitest';
import { IdentityMap } from './source-map.js';

describe('source maps', () => {
  test('identity', () => {
    const m = new IdentityMap(5);
    expect(m.toDocumentSpan(1, 3)).toEqual({ start: 1, end: 3 });
    expect(m.toSource(5)).toBe(5);
    expect(m.toSource(6)).toBeUndefined();
  });
});
