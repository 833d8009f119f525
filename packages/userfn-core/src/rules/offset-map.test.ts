import { describe, expect, test } from 'vitest';
import { CoarseMap, OffsetTableMap, type OffsetMap } from './offset-map.js';

describe('offset maps', () => {
  test('offset table: spans through multi-character encodings, and back', () => {
    // condition `a"b` written as `"a\"b"` at file offset 10: a@11, "@12 (\"), b@14, end@15
    const m = new OffsetTableMap([11, 12, 14, 15]);
    expect(m.toDocumentSpan(1, 2)).toEqual({ start: 12, end: 14 });
    expect(m.toDocumentSpan(0, 3)).toEqual({ start: 11, end: 15 });
    expect(m.toSource(13)).toBe(1); // inside the escape: the character it encodes
    expect(m.toSource(15)).toBe(3); // the end of the content
    expect(m.toSource(10)).toBeUndefined(); // the opening quote
    expect(m.toSource(16)).toBeUndefined();
  });

  test('coarse: every span is the whole literal, the cursor is never inside', () => {
    const m: OffsetMap = new CoarseMap(3, 20, 10);
    expect(m.toDocumentSpan(2, 4)).toEqual({ start: 3, end: 20 });
    expect(m.toSource(5)).toBeUndefined();
    expect(m.exact).toBe(false);
  });
});
