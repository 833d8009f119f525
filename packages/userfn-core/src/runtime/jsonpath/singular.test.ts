import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { Datetime } from '../../common/values/time-values.js';
import { CopyPool, STEP_COPIES, stepFor } from './compile-singular.js';
import { compilePath } from './index.js';

describe('singular detection', () => {
  it.each(['$', '$.a', '$.a.b', "$['a b']", '$["a"]', '$.list[0]', '$.list[-1]', "$['a'][0]['b'].c", '$ .a [0]', '$.a.b.c.d.e.f.g.h'])(
    '%s is singular',
    (path) => {
      expect(compilePath(path).singular).toBe(true);
    },
  );

  it.each(['$.*', '$[*]', '$..a', '$..[0]', '$[0,1]', "$['a','b']", '$[0:1]', '$[:]', '$[?@.a]', '$.a[*].b', '$.a..b'])('%s is not singular', (path) => {
    expect(compilePath(path).singular).toBe(false);
  });
});

describe('get on singular paths', () => {
  const doc = {
    a: { b: { c: 'deep' }, n: null, f: false, z: 0, e: '' },
    list: [10, 20, 30],
    nested: [{ name: 'x' }, { name: 'y' }],
  };

  it('returns the value, or undefined when absent', () => {
    expect(compilePath('$.a.b.c').get(doc)).toBe('deep');
    expect(compilePath('$.a.b').get(doc)).toEqual({ c: 'deep' });
    expect(compilePath('$.a.missing').get(doc)).toBeUndefined();
    expect(compilePath('$.missing.b').get(doc)).toBeUndefined();
    expect(compilePath('$.a.b.c.d').get(doc)).toBeUndefined();
  });

  it('returns a present null as null, and other falsy values as they are', () => {
    expect(compilePath('$.a.n').get(doc)).toBeNull();
    expect(compilePath('$.a.f').get(doc)).toBe(false);
    expect(compilePath('$.a.z').get(doc)).toBe(0);
    expect(compilePath('$.a.e').get(doc)).toBe('');
  });

  it('returns the root for $', () => {
    expect(compilePath('$').get(doc)).toBe(doc);
    expect(compilePath('$').get(null)).toBeNull();
  });

  it('indexes arrays from the start and the end, within bounds only', () => {
    expect(compilePath('$.list[0]').get(doc)).toBe(10);
    expect(compilePath('$.list[2]').get(doc)).toBe(30);
    expect(compilePath('$.list[3]').get(doc)).toBeUndefined();
    expect(compilePath('$.list[-1]').get(doc)).toBe(30);
    expect(compilePath('$.list[-3]').get(doc)).toBe(10);
    expect(compilePath('$.list[-4]').get(doc)).toBeUndefined();
    expect(compilePath('$.nested[-1].name').get(doc)).toBe('y');
    expect(compilePath('$.nested[0]["name"]').get(doc)).toBe('x');
  });

  it('does not apply names to arrays or indices to objects', () => {
    expect(compilePath('$.list.length').get(doc)).toBeUndefined();
    expect(compilePath("$.list['0']").get(doc)).toBeUndefined();
    expect(compilePath('$[0]').get({ 0: 'zero' })).toBeUndefined();
    expect(compilePath('$.a').get('a string')).toBeUndefined();
    expect(compilePath('$[0]').get('a string')).toBeUndefined();
    expect(compilePath('$.a.b').get(undefined)).toBeUndefined();
  });

  it('treats members and elements holding undefined, and array holes, as absent', () => {
    expect(compilePath('$.u').get({ u: undefined })).toBeUndefined();
    expect(compilePath('$.u').exists({ u: undefined })).toBe(false);
    // eslint-disable-next-line no-sparse-arrays
    const holey = [1, , 3];
    expect(compilePath('$[1]').get(holey)).toBeUndefined();
    expect(compilePath('$[*]').select(holey)).toEqual([1, 3]);
  });

  // Every length and every mix of name and index at each position, against a plain reference reader.
  it('agrees with a reference reader for paths of 1 to 9 segments', () => {
    const keys: (string | number)[] = ['a', 0, 'b', -1, 'c', 1, 'd', 0, 'e'];
    let leaf: unknown = 'leaf';
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      leaf = typeof k === 'string' ? { [k]: leaf, other: 1 } : k >= 0 ? [leaf, leaf] : ['first', leaf];
    }
    const root = leaf;
    for (let n = 1; n <= keys.length; n++) {
      const path =
        '$' +
        keys
          .slice(0, n)
          .map((k) => (typeof k === 'string' ? `.${k}` : `[${k}]`))
          .join('');
      let expected: unknown = root;
      for (const k of keys.slice(0, n)) {
        const arr = expected as unknown[];
        expected = typeof k === 'string' ? (expected as Record<string, unknown>)[k] : arr[k < 0 ? arr.length + k : k];
      }
      const p = compilePath(path);
      expect(p.singular).toBe(true);
      expect(p.get(root), path).toBe(expected);
      expect(compilePath(path + '.nope').get(root), path + '.nope').toBeUndefined();
    }
    // One segment too many on the leaf (a string) finds nothing.
    const full = '$' + keys.map((k) => (typeof k === 'string' ? `.${k}` : `[${k}]`)).join('');
    expect(compilePath(full + '.x').get(root)).toBeUndefined();
    expect(compilePath(full + '[0]').get(root)).toBeUndefined();
  });

  it('reads all-member paths of 1 to 6 segments (unrolled up to 3, a loop beyond), stopping at any non-object', () => {
    const names = ['p', 'q', 'r', 's', 't', 'u'];
    let root: unknown = 'leaf';
    for (let i = names.length - 1; i >= 0; i--) root = { [names[i]!]: root, other: i };
    for (let n = 1; n <= names.length; n++) {
      const path = '$.' + names.slice(0, n).join('.');
      const expected = names.slice(0, n).reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], root);
      expect(compilePath(path).get(root), path).toEqual(expected);
      expect(compilePath(path + '.missing').get(root), `${path}.missing`).toBeUndefined();
      // A member step on an array, a string or null finds nothing (n = 1 reads the value itself).
      for (const value of [[1], 'x', null]) expect(compilePath(path).get({ p: value }), path).toEqual(n === 1 ? value : undefined);
    }
  });

  it('gives each of the first STEP_COPIES member names of a process its own step, and later names a shared one', async () => {
    // A fresh copy of the module: the one this file imported has given steps away already.
    vi.resetModules();
    const fresh = await import('./compile-singular.js');
    const n = fresh.STEP_COPIES;
    expect(n).toBe(128);
    const names = Array.from({ length: n + 40 }, (_, i) => `step_name_${i}`);
    const steps = names.map(fresh.stepFor);
    expect(new Set(steps.slice(0, n)).size).toBe(n);
    // The names past them share one of those, and the same name always gets the same step.
    for (const s of steps.slice(n)) expect(steps.slice(0, n)).toContain(s);
    expect(names.map(fresh.stepFor)).toEqual(steps);
  });

  it('gives each new two- or three-member path the next getter copy, round robin, and the same path the same copy', () => {
    const pool = new CopyPool(['c0', 'c1', 'c2'], 4096);
    expect(['p1', 'p2', 'p3', 'p4', 'p1', 'p3'].map((p) => pool.for(p))).toEqual(['c0', 'c1', 'c2', 'c0', 'c0', 'c2']);
    // a process that reads ever new paths remembers only 4,096 of them; later ones get a copy
    // by a hash: the same one each time, and not all the same one
    for (let i = 0; i < 5000; i++) pool.for(`more_${i}`);
    expect(pool.remembered).toBe(4096);
    const later = Array.from({ length: 30 }, (_, i) => `later_${i}`);
    const copies = later.map((p) => pool.for(p));
    expect(later.map((p) => pool.for(p))).toEqual(copies);
    expect(new Set(copies).size).toBe(3);
    expect(pool.remembered).toBe(4096);
    // nor a long path, which still gets a copy, always the same
    const fresh = new CopyPool(['c0', 'c1'], 4096);
    const long = 'x'.repeat(300);
    expect(fresh.for(long)).toBe(fresh.for(long));
    expect(fresh.remembered).toBe(0);
    expect(fresh.for('short')).toBe('c0');
    expect(fresh.remembered).toBe(1);
  });

  it('reads right through shared steps: many names, polluted-looking names, any order', () => {
    // more names than there are steps, so that some of them share one
    const names = Array.from({ length: STEP_COPIES + 40 }, (_, i) => `shared_name_${i}`);
    for (const k of names) stepFor(k);
    const doc = Object.fromEntries(names.map((k, i) => [k, { v: i }]));
    for (const [i, k] of names.entries()) {
      expect(compilePath(`$.${k}.v`).get(doc)).toBe(i);
      expect(compilePath(`$.${k}.constructor`).get(doc)).toBeUndefined();
      expect(compilePath(`$.${k}.v.toString`).get(doc)).toBeUndefined();
    }
  });

  it('gives get as a detached function and a frozen compiled path', () => {
    const p = compilePath('$.a.b.c');
    const { get } = p;
    expect(get(doc)).toBe('deep');
    expect(Object.isFrozen(p)).toBe(true);
    expect(p.source).toBe('$.a.b.c');
  });
});

describe('select and exists on singular paths', () => {
  it('select gives [] or [value]', () => {
    expect(compilePath('$.a').select({ a: 1 })).toEqual([1]);
    expect(compilePath('$.a').select({ a: null })).toEqual([null]);
    expect(compilePath('$.a').select({})).toEqual([]);
  });

  it('exists counts a present null', () => {
    expect(compilePath('$.a').exists({ a: null })).toBe(true);
    expect(compilePath('$.a').exists({})).toBe(false);
    expect(compilePath('$.a[0]').exists({ a: [null] })).toBe(true);
  });
});

describe('get on non-singular paths', () => {
  it('returns the nodelist, like select', () => {
    const doc = { a: [1, 2, 3] };
    expect(compilePath('$.a[*]').get(doc)).toEqual([1, 2, 3]);
    expect(compilePath('$.a[5:]').get(doc)).toEqual([]);
    expect(compilePath('$..x').exists(doc)).toBe(false);
    expect(compilePath('$.a[?@ > 1]').exists(doc)).toBe(true);
  });
});

describe('what counts as an object with members', () => {
  it('treats class instances (e.g. Datetime) as leaves', () => {
    const t = new Datetime(86_400_000);
    const doc = { t, list: [t] };
    expect(compilePath('$.t').get(doc)).toBe(t);
    expect(compilePath('$.t.ms').get(doc)).toBeUndefined();
    expect(compilePath('$.list[0].ms').get(doc)).toBeUndefined();
    expect(compilePath('$.t.*').select(doc)).toEqual([]);
    expect(compilePath('$..ms').select(doc)).toEqual([]);
    expect(compilePath('$.list[?@.ms]').select(doc)).toEqual([]);
    expect(compilePath('$.list[?length(@) == 1]').select(doc)).toEqual([]);
    class Box {
      constructor(readonly a: number) {}
    }
    expect(compilePath('$.b.a').get({ b: new Box(1) })).toBeUndefined();
    expect(compilePath('$.b.a.c').get({ b: new Box(1) })).toBeUndefined();
    expect(compilePath('$.m.a').get({ m: new Map([['a', 1]]) })).toBeUndefined();
  });

  it('reads nothing of a class instance or an array by member name: no getter runs', () => {
    let runs = 0;
    class Lazy {
      get a(): number {
        runs++;
        return 1;
      }
    }
    const doc = { lazy: new Lazy(), list: [1, 2] };
    Object.defineProperty(Array.prototype, 'probe', { get: () => ++runs, configurable: true });
    try {
      // every getter shape: one, two, three and more segments (unrolled and looped)
      for (const path of ['$.lazy.a', '$.lazy.a.b', '$.x.lazy.a', '$.lazy.a.b.c', '$.list.probe', '$.list.probe.x', '$.list.probe.x.y.z']) {
        expect(compilePath(path).get(path.startsWith('$.x') ? { x: doc } : doc), path).toBeUndefined();
      }
    } finally {
      delete (Array.prototype as unknown as Record<string, unknown>)['probe'];
    }
    expect(runs).toBe(0);
  });

  it('reads null-prototype objects', () => {
    const o: unknown = Object.assign(Object.create(null) as object, { a: { b: 1 }, constructor: 'own' });
    expect(compilePath('$.a.b').get(o)).toBe(1);
    expect(compilePath('$.constructor').get(o)).toBe('own');
    expect(compilePath('$.*').select(o)).toEqual([{ b: 1 }, 'own']);
    expect(compilePath('$.toString').get(o)).toBeUndefined();
  });

  it('reads plain objects and arrays from another realm', () => {
    const foreign = runInNewContext('({ a: { b: [1, { c: 2 }] } })') as unknown;
    expect(compilePath('$.a.b[1].c').get(foreign)).toBe(2);
    expect(compilePath('$.a.b[-1].c').get(foreign)).toBe(2);
    expect(compilePath('$..c').select(foreign)).toEqual([2]);
    expect(compilePath('$.a.b[?@.c == 2]').select(foreign)).toHaveLength(1);
    expect(compilePath('$.a.constructor').get(foreign)).toBeUndefined();
  });
});
