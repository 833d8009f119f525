import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Codes } from '../../common/diagnostics/codes.js';
import { compilePath } from '../jsonpath/index.js';
import { ownElement } from '../../common/values/json-values.js';
import { Datetime, Duration } from '../../common/values/time-values.js';
import { contextItem, fromContext, isNullAtGate } from './context-values.js';
import { jsonPreview, jsonText } from './json-text.js';
import { valuesEqual } from './equality.js';

describe('fromContext', () => {
  it('passes JSON values, datetimes and durations unchanged', () => {
    const o = { a: 1 };
    const l = [1];
    const nullProto = Object.create(null) as object;
    const foreign = runInNewContext('({ a: 1 })') as object;
    const t = new Datetime(0);
    const d = new Duration(1);
    for (const v of ['s', '', true, false, 0, -0, 1.5, null, o, l, nullProto, foreign, t, d]) expect(fromContext(v)).toBe(v);
  });

  it('maps what JSON cannot hold to null', () => {
    class Box {
      a = 1;
    }
    for (const v of [undefined, () => 1, Symbol('s'), 10n, NaN, Infinity, -Infinity, new Box(), new Map(), new Date(0), new Uint8Array(1)]) {
      expect(fromContext(v)).toBeNull();
    }
  });

  it('isNullAtGate is fromContext(v) === null, on every kind of value', () => {
    class Box {
      a = 1;
    }
    const values = [
      ...['s', '', true, false, 0, -0, 1.5, -2, NaN, Infinity, -Infinity, null, undefined, 10n, Symbol('s'), () => 1],
      ...[{ a: 1 }, [1], [], Object.create(null), runInNewContext('({ a: 1 })'), runInNewContext('[1]'), new Datetime(0), new Duration(1)],
      ...[new Box(), new Map(), new Date(0), new Uint8Array(1), Object.create({ inherited: 1 }), new Proxy({}, {})],
    ];
    for (const v of values) expect([v, isNullAtGate(v)]).toEqual([v, fromContext(v) === null]);
    expect(values.filter(isNullAtGate).length).toBeGreaterThan(5);
    expect(values.filter((v) => !isNullAtGate(v)).length).toBeGreaterThan(5);
  });

  it('reads own elements only: holes are null, whatever the prototypes hold', () => {
    // eslint-disable-next-line no-sparse-arrays
    const l = [1, , 3];
    Object.defineProperty(Array.prototype, 1, { get: () => expect.unreachable('a hole read through Array.prototype'), configurable: true });
    try {
      expect(ownElement(l, 1)).toBeUndefined();
      expect(contextItem(l, 1)).toBeNull();
      expect(contextItem(l, 2)).toBe(3);
      expect(compilePath('$[1]').get(l)).toBeUndefined();
      expect(compilePath('$[-2]').get(l)).toBeUndefined();
    } finally {
      delete (Array.prototype as unknown as Record<number, unknown>)[1];
    }
  });
});

describe('singular paths and a prototype polluted after they were compiled', () => {
  it('never read through Object.prototype', () => {
    const paths = ['$.late', '$.a.late', '$.a.b.late', '$.a.b.c.d.late'].map(compilePath);
    const doc = { a: { b: { c: { d: {} } } } };
    Object.defineProperty(Object.prototype, 'late', { get: () => expect.unreachable('an inherited member was read'), configurable: true });
    try {
      for (const p of paths) expect(p.get(doc)).toBeUndefined();
      // An own member of that name is still read.
      expect(compilePath('$.a.late').get({ a: { late: 1 } })).toBe(1);
    } finally {
      delete (Object.prototype as Record<string, unknown>)['late'];
    }
  });
});

describe('jsonText', () => {
  it('writes JSON without calling anything the value holds', () => {
    const o = { b: 1, s: 'x"', toJSON: () => expect.unreachable('toJSON'), [Symbol.toPrimitive]: () => expect.unreachable('toPrimitive') };
    expect(jsonText([o, -0, null, true, new Datetime(0), new Duration(1000)], 1000, 10)).toBe(
      '[{"b":1,"s":"x\\"","toJSON":null},0,null,true,"1970-01-01T00:00:00Z","PT1S"]',
    );
  });

  it('writes what JSON cannot hold as null, members included', () => {
    expect(jsonText({ f: () => 1, n: NaN, i: 10n, u: undefined, m: new Map() }, 1000, 10)).toBe('{"f":null,"n":null,"i":null,"u":null,"m":null}');
    expect(jsonText([undefined, Symbol('s'), Infinity], 1000, 10)).toBe('[null,null,null]');
  });

  it('agrees with JSON.stringify on JSON data', () => {
    const v = JSON.parse('{"a":[1,2.5,-3e-7,1e21,"\\u2028\\ud800",{"":{}},[]],"__proto__":{"x":null}}') as unknown;
    expect(jsonText(v, 1000, 10)).toBe(JSON.stringify(v));
  });

  it('is a limit fault past the length or the depth', () => {
    expect(() => jsonText(['abc'], 6, 10)).toThrow(expect.objectContaining({ code: Codes.StringTooLong }));
    expect(jsonText(['abc'], 7, 10)).toBe('["abc"]');
    expect(() => jsonText(new Array(10).fill(0), 10, 10)).toThrow(expect.objectContaining({ code: Codes.StringTooLong }));
    expect(() => jsonText([[[1]]], 100, 2)).toThrow(expect.objectContaining({ code: Codes.ContextTooDeep }));
    expect(jsonText([[[1]]], 100, 3)).toBe('[[[1]]]');
  });

  it('previews the start of a long or cyclic value', () => {
    const cycle: unknown[] = [];
    cycle.push(cycle);
    expect(jsonPreview(cycle, 10).startsWith('[[[[[[[[[[')).toBe(true);
    expect(jsonPreview(new Array(100_000).fill(1), 10)).toBe('[1,1,1,1,1,');
  });
});

describe('valuesEqual', () => {
  it('compares what JSON cannot hold as null', () => {
    expect(valuesEqual([() => 1, NaN], [null, undefined], 10)).toBe(true);
    expect(valuesEqual({ a: 10n }, { a: null }, 10)).toBe(true);
    expect(valuesEqual({ a: new Datetime(1) }, { a: {} }, 10)).toBe(false);
  });
});
