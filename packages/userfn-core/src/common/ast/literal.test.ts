import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../index.js';
import { HELD_LIMIT, heldCount, heldString } from './literal.js';

describe('heldString', () => {
  it('gives the same string, whatever it holds', () => {
    const special = fc.constantFrom('__proto__', 'constructor', 'toString', '4294967294', '4294967295', '12345678901234', '', 'a'.repeat(13));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), special), (s) => {
        expect(heldString(s)).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps its copies bounded: never more than its limit, and none of a long literal', () => {
    const before = heldCount();
    heldString('x'.repeat(300));
    heldString('y'.repeat(5000));
    expect(heldCount()).toBe(before);
    heldString(`a fresh name ${before}`);
    expect(heldCount()).toBe(before === HELD_LIMIT ? 1 : before + 1);
    for (let i = 0; i < 3 * HELD_LIMIT; i++) {
      const name = `tool_number_${i}`;
      expect(heldString(name)).toBe(name);
      expect(heldCount()).toBeLessThanOrEqual(HELD_LIMIT);
    }
    // held again after the cache was cleared: the same string
    expect(heldString('tool_number_0')).toBe('tool_number_0');
  });

  it('is what a compiled comparison holds: long literals compare as written', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 10, maxLength: 30 }), fc.string({ maxLength: 3 }), (value, other) => {
        const literal = `'${value.replaceAll("'", "''")}'`;
        const equal = compile(`get('$.a') == ${literal}`);
        expect(equal.evaluate({ a: value })).toBe(true);
        expect(equal.evaluate({ a: value + other + 'x' })).toBe(false);
        expect(compile(`get('$.a') in ['x', ${literal}]`).evaluate({ a: value })).toBe(true);
        expect(compile(`contains(get('$.a'), ${literal})`).evaluate({ a: `<${value}>` })).toBe(true);
        expect(compile(`called(${literal})`).evaluate({ tool_calls: [{ name: 'x' }, { name: value }] })).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
