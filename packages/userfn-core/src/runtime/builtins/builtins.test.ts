import { describe, expect, it } from 'vitest';
import { check, compile, UserFnError } from '../../index.js';
import { BUILTINS } from './registry.js';

const decls = [...BUILTINS.values()];

describe('builtin declarations', () => {
  it('declares every builtin of the spec', () => {
    const spec = [
      'get',
      'has',
      'json_get',
      'parse_json',
      'coalesce',
      'now',
      'iso_datetime_parse',
      'datetime_parse',
      'to_unix_timestamp',
      'seconds',
      'minutes',
      'hours',
      'days',
      'year',
      'month',
      'day',
      'hour',
      'weekday',
      'abs',
      'power',
      'min',
      'max',
      'sqrt',
      'trunc',
      'floor',
      'ceil',
      'round',
      'sign',
      'exp',
      'ln',
      'log10',
      'log',
      'radians',
      'degrees',
      'sin',
      'cos',
      'tan',
      'sind',
      'cosd',
      'tand',
      'length',
      'lower',
      'upper',
      'trim',
      'contains',
      'starts_with',
      'ends_with',
      'matches',
      'to_string',
      'to_number',
      'sum',
      'avg',
      'called',
      'call_count',
      'called_in_order',
      'if',
    ];
    expect(spec.filter((n) => !BUILTINS.has(n))).toEqual([]);
  });

  it.each(decls.map((d) => [d.name, d] as const))('%s has a doc, signatures and examples', (_n, d) => {
    expect(d.doc.length).toBeGreaterThan(10);
    expect(d.overloads.length).toBeGreaterThan(0);
    expect(d.examples.length).toBeGreaterThan(0);
  });
});

describe('every builtin example runs', () => {
  const cases = decls.flatMap((d) => d.examples.map((e, i) => [`${d.name} #${i + 1}: ${e.expr}`, e] as const));
  it.each(cases)('%s', (_n, e) => {
    const options = { profile: e.profile ?? 'any', now: e.now ?? '2026-11-21T12:00:00Z' } as const;
    for (const how of ['evaluate', 'interpret'] as const) {
      let outcome: { value: unknown } | { code: string };
      try {
        outcome = { value: JSON.parse(JSON.stringify(compile(e.expr, options)[how](e.context ?? {}))) };
      } catch (err) {
        if (!(err instanceof UserFnError)) throw err;
        outcome = { code: err.code };
      }
      expect(outcome).toEqual(e.error !== undefined ? { code: e.error } : { value: e.result });
    }
  });
});

describe("an invalid literal path's hint", () => {
  const hintOf = (source: string) => check(source, { profile: 'any' }).diagnostics.find((d) => d.code === 'UF2004');
  it("tells to start with '$' only when the path does not", () => {
    expect(hintOf("get('a.b')")).toMatchObject({
      message: "invalid JSONPath: a JSONPath query must start with '$'",
      hint: "a path starts with '$', e.g. '$.output.status'",
    });
    expect(hintOf("get('$. a')")).toMatchObject({ message: "invalid JSONPath: whitespace is not allowed after '.'" });
    expect(hintOf("get('$. a')")!.hint).toBeUndefined();
    expect(hintOf("get('$.")!.hint).toBeUndefined();
  });
});
