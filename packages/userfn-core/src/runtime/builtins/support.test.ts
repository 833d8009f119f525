import { describe, expect, it } from 'vitest';
import { compile } from '../../api/api.js';
import { BoundedCache, dynamicPath, literalPath } from './support.js';

describe('literalPath', () => {
  it('compiles a path text once: the same frozen CompiledPath every time', () => {
    const a = literalPath('$.output.cached_status');
    const b = literalPath('$.output.cached_status');
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) {
      expect(b.path).toBe(a.path);
      expect(Object.isFrozen(a.path)).toBe(true);
    }
  });

  it('gives an invalid path its syntax error as data, with the offset', () => {
    const r = literalPath('$.output[');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.offset).toBeGreaterThan(0);
  });

  it('keeps literal and run-time paths apart: a flood of literal paths (an editor) does not push out a run-time path', () => {
    const hot = dynamicPath('$.hot.dynamic');
    for (let i = 0; i < 600; i++) literalPath(`$.typed_${i}`);
    expect(dynamicPath('$.hot.dynamic')).toBe(hot);
  });

  it('two expressions reading the same literal path both read it right', () => {
    const one = compile("get('$.output.shared_path') == 'x'");
    const two = compile("get('$.output.shared_path', 'none')", { profile: 'any' });
    expect(one.evaluate({ output: { shared_path: 'x' } })).toBe(true);
    expect(two.evaluate({ output: { shared_path: 'y' } })).toBe('y');
    expect(two.evaluate({ output: {} })).toBe('none');
  });
});

describe('BoundedCache', () => {
  it('makes each key once, and starts over when full instead of growing', () => {
    const cache = new BoundedCache<number>(2);
    let made = 0;
    const make = (k: string) => {
      made++;
      return k.length;
    };
    expect(cache.get('a', make)).toBe(1);
    expect(cache.get('a', make)).toBe(1);
    expect(made).toBe(1);
    cache.get('bb', make);
    cache.get('ccc', make); // full: cleared, then 'ccc' added
    expect(made).toBe(3);
    cache.get('a', make); // was dropped with the rest
    expect(made).toBe(4);
  });
});
