import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decodeJsonString } from './json-string.js';

describe('decodeJsonString', () => {
  test('every escape maps to the offset of its backslash', () => {
    const text = String.raw`"a\"b\\c\u0041\n\/"`;
    const d = decodeJsonString(text, 0);
    expect(d.value).toBe('a"b\\cA\n/');
    expect(d.starts).toEqual([1, 2, 4, 5, 7, 8, 14, 16, 18]);
    expect(d.end).toBe(text.length);
    expect(d.error).toBeUndefined();
  });

  test('a surrogate pair written as two escapes maps each half to its own escape', () => {
    const d = decodeJsonString(String.raw`"\ud83d\ude00!"`, 0);
    expect(d.value).toBe('😀!');
    expect(d.starts).toEqual([1, 7, 13, 14]);
  });

  test('any string round-trips through JSON.stringify, and each unit maps to its own text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const text = JSON.stringify(s);
        const d = decodeJsonString(text, 0);
        expect(d.value).toBe(s);
        for (let i = 0; i < s.length; i++) {
          const at = text[d.starts[i]!];
          expect(at === s[i] || at === '\\').toBe(true);
        }
      }),
    );
  });

  test('errors: unterminated, bad escape, raw line break', () => {
    expect(decodeJsonString('"abc', 0).error?.message).toContain('unterminated');
    expect(decodeJsonString(String.raw`"a\qb"`, 0).error?.message).toContain('invalid escape');
    expect(decodeJsonString(String.raw`"\u12"`, 0).error?.message).toContain('\\u');
    expect(decodeJsonString('"a\nb"', 0).error?.message).toContain('cannot span lines');
  });
});
