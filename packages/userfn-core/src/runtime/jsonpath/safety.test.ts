import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compilePath } from './index.js';

type Polluted = Record<string, unknown>;

/** Runs `f` with `Object.prototype[key]` (or `Array.prototype[key]`) set, always restoring it. */
function withPollution(target: object, key: string | number, value: unknown, f: () => void): void {
  Object.defineProperty(target, key, { value, configurable: true, writable: true, enumerable: true });
  try {
    f();
  } finally {
    delete (target as Polluted)[key];
  }
}

describe('hostile member names are ordinary keys', () => {
  const parsed = JSON.parse('{"__proto__": {"x": 1}, "constructor": {"name": "own"}, "prototype": 3}') as unknown;

  it('finds an own __proto__ member from JSON.parse', () => {
    expect(compilePath('$.__proto__').get(parsed)).toEqual({ x: 1 });
    expect(compilePath("$['__proto__'].x").get(parsed)).toBe(1);
    expect(compilePath('$.__proto__.x').select(parsed)).toEqual([1]);
    expect(compilePath('$..x').select(parsed)).toEqual([1]);
    expect(compilePath('$.*').select(parsed)).toEqual([{ x: 1 }, { name: 'own' }, 3]);
    expect(compilePath('$[?@.x == 1]').select(parsed)).toEqual([{ x: 1 }]);
    expect(compilePath('$.constructor.name').get(parsed)).toBe('own');
    expect(compilePath('$.prototype').get(parsed)).toBe(3);
  });

  it('never reaches Object.prototype or functions through an object without those members', () => {
    const plain = { a: {} };
    for (const name of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      for (const path of [`$.${name}`, `$['${name}']`, `$.a.${name}`, `$.a.b.${name}`, `$.a['${name}'].x`, `$.a.b.c.${name}`, `$.a.b.c.d.e.f.${name}`]) {
        expect(compilePath(path).get(plain), path).toBeUndefined();
        expect(compilePath(path).select(plain), path).toEqual([]);
        expect(compilePath(path).exists(plain), path).toBe(false);
      }
      expect(compilePath(`$['${name}', 'a']`).select(plain)).toEqual([{}]);
      expect(compilePath(`$..${name}`).select(plain)).toEqual([]);
      expect(compilePath(`$[?@.${name}]`).select(plain)).toEqual([]);
      expect(compilePath(`$.a[?@.${name}]`).select({ a: [{}, []] })).toEqual([]);
    }
    expect(compilePath('$.__proto__.__proto__').get({})).toBeUndefined();
    expect(compilePath('$.constructor.constructor').get({})).toBeUndefined();
    expect(compilePath('$[0].constructor').get([[]])).toBeUndefined();
  });

  it('does not read array properties other than integer indices', () => {
    const arr = [1, 2];
    expect(compilePath('$.length').get(arr)).toBeUndefined();
    expect(compilePath("$['length']").select(arr)).toEqual([]);
    expect(compilePath("$['0']").get(arr)).toBeUndefined();
    expect(compilePath('$.map').get(arr)).toBeUndefined();
    expect(compilePath('$[?@.length]').select([[1], 'ab'])).toEqual([]);
  });

  it('ignores a polluted Object.prototype, including pollution after compiling', () => {
    const late = compilePath('$.polluted');
    const late2 = compilePath('$.a.polluted');
    const late3 = compilePath('$.a.b.polluted');
    withPollution(Object.prototype, 'polluted', 'evil', () => {
      const fresh = compilePath('$.polluted');
      for (const p of [late, fresh]) {
        expect(p.get({})).toBeUndefined();
        expect(p.get({ polluted: 'mine' })).toBe('mine');
        // Own value identical to the polluted one: still own, still found.
        expect(p.get({ polluted: 'evil' })).toBe('evil');
      }
      expect(late2.get({ a: {} })).toBeUndefined();
      expect(late2.get({ a: { polluted: 'evil' } })).toBe('evil');
      expect(late3.get({ a: { b: {} } })).toBeUndefined();
      expect(compilePath('$.*').select({ a: 1 })).toEqual([1]);
      expect(compilePath('$[?@.polluted]').select([{}, { polluted: 1 }])).toEqual([{ polluted: 1 }]);
      expect(compilePath('$..polluted').select({ a: { b: {} } })).toEqual([]);
      expect(compilePath('$.a.b.c.polluted').get({ a: { b: { c: {} } } })).toBeUndefined();
    });
  });

  it('ignores a polluted Array.prototype behind array holes', () => {
    // eslint-disable-next-line no-sparse-arrays
    const holey = [0, , 2];
    const late = compilePath('$[1]');
    withPollution(Array.prototype, 1, 'evil', () => {
      expect(late.get(holey)).toBeUndefined();
      expect(compilePath('$[-2]').get(holey)).toBeUndefined();
      expect(compilePath('$[*]').select(holey)).toEqual([0, 2]);
      expect(compilePath('$[0:3]').select(holey)).toEqual([0, 2]);
      expect(compilePath('$..*').select({ a: holey })).toEqual([holey, 0, 2]);
      expect(compilePath('$[1]').get([0, 'own'])).toBe('own');
      expect(compilePath('$.a[1]').get({ a: [0, 'evil'] })).toBe('evil');
    });
  });

  it('treats path text as data: nothing in it is executed', () => {
    const doc = { a: 1 };
    for (const path of ["$['constructor']['constructor']('return 1')()", '$.a; process.exit(1)', '$[?@.a == (1)()]', '$.a`x`']) {
      expect(() => compilePath(path), path).toThrow();
    }
    expect(compilePath("$['a; process.exit(1)']").get(doc)).toBeUndefined();
  });
});

describe('no mutation', () => {
  function deepFreeze<T>(value: T): T {
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const v = stack.pop();
      if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
        Object.freeze(v);
        for (const k of Object.keys(v)) stack.push((v as Polluted)[k]);
      }
    }
    return value;
  }

  it('evaluates every kind of query on a deep-frozen document and leaves it unchanged', () => {
    // The own "__proto__" member can only come from JSON text, so it is spliced in.
    const json = JSON.stringify({
      store: {
        book: [
          { category: 'reference', author: 'Nigel Rees', title: 'Sayings of the Century', price: 8.95 },
          { category: 'fiction', author: 'Evelyn Waugh', title: 'Sword of Honour', price: 12.99 },
          { category: 'fiction', author: 'Herman Melville', title: 'Moby Dick', isbn: '0-553-21311-3', price: 8.99 },
          { category: 'fiction', author: 'J. R. R. Tolkien', title: 'The Lord of the Rings', isbn: '0-395-19395-8', price: 22.99 },
        ],
        bicycle: { color: 'red', price: 399 },
      },
      regex: 'M.*',
    }).replace(/}$/, ',"__proto__":{"x":1}}');
    const doc = deepFreeze(JSON.parse(json) as unknown);
    const queries: [string, number][] = [
      ['$.store.book[*].author', 4],
      ['$..author', 4],
      ['$.store.*', 2],
      ['$.store..price', 5],
      ['$..book[2]', 1],
      ['$..book[-1]', 1],
      ['$..book[0,1]', 2],
      ['$..book[:2]', 2],
      ['$..book[::-1]', 4],
      ['$..book[?@.isbn]', 2],
      ['$..book[?@.price<10]', 2],
      ['$..*', 30],
      ['$..book[?match(@.author, $.regex)]', 0],
      ['$..book[?search(@.author, $.regex)]', 1],
      ['$..book[?length(@.title) > 10 && count(@.*) >= 4]', 3],
      ['$..book[?value(@..price) == 8.95]', 1],
      ['$.store[?@ == $.store.bicycle]', 1],
      ['$.__proto__.x', 1],
    ];
    for (const [q, n] of queries) {
      expect(compilePath(q).select(doc), q).toHaveLength(n);
    }
    expect(JSON.stringify(doc)).toBe(JSON.stringify(JSON.parse(json)));
  });
});

describe('source hygiene', () => {
  // The engine must never turn text into code or hand user patterns to JS RegExp.
  it('uses no eval, Function constructor or RegExp in the implementation', () => {
    const dir = new URL('./', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      expect(text, f).not.toMatch(/\beval\s*\(|\bnew\s+Function\b|\bFunction\s*\(|\bnew\s+RegExp\b|\bRegExp\s*\(|\/[gimsuy]*\.(test|exec|match)\(/);
    }
  });
});
