import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../index.js';
import { heldString } from './literal.js';

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
