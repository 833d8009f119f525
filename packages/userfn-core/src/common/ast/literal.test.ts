import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../index.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HELD_LIMIT, heldNames, heldString } from './literal.js';

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
    const before = heldNames().length;
    heldString('x'.repeat(300));
    heldString('y'.repeat(5000));
    expect(heldNames().length).toBe(before);
    heldString(`a fresh name ${before}`);
    expect(heldNames().length).toBe(before === HELD_LIMIT ? 1 : before + 1);
    for (let i = 0; i < 3 * HELD_LIMIT; i++) {
      const name = `tool_number_${i}`;
      expect(heldString(name)).toBe(name);
      expect(heldNames().length).toBeLessThanOrEqual(HELD_LIMIT);
    }
    // held again after the cache was cleared: the same string
    expect(heldString('tool_number_0')).toBe('tool_number_0');
  });

  // Only V8 itself tells a copy of its own from a view into a source: the built module
  // runs in a child with V8's natives syntax (as intern.test.ts does). The control, a
  // slice as the parser makes one, shows the check can fail.
  it('gives copies of its own, and keeps only copies: no view that would keep a source alive', () => {
    const literal = fileURLToPath(new URL('../../../dist/common/ast/literal.js', import.meta.url));
    const script = `
      import { heldString, heldNames } from ${JSON.stringify(literal)};
      const source = "get('$.agent.key') == 'support-agent' and called('lookup_account')" + 'x'.repeat(300);
      const views = [source.slice(24, 37), source.slice(53, 67), source.slice(0, 257), source.slice(0, 300)];
      const held = views.map((v) => heldString(v));
      const again = views.map((v) => heldString(source.slice(source.indexOf(v), source.indexOf(v) + v.length)));
      console.log(JSON.stringify({
        same: held.every((h, i) => h === views[i] && again[i] === h),
        copies: held.map((h) => %IsInternalizedString(h)),
        names: heldNames().map((k) => [k.length, %IsInternalizedString(k)]),
        control: %IsInternalizedString(views[0]),
      }));`;
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { same: boolean; copies: boolean[]; names: [number, boolean][]; control: boolean };
    expect(out.same).toBe(true);
    expect(out.copies).toEqual([true, true, true, true]);
    // the two names of up to 256 characters are kept, as copies; the longer ones are not kept
    expect(out.names).toEqual([
      [13, true],
      [14, true],
    ]);
    expect(out.control).toBe(false);
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
