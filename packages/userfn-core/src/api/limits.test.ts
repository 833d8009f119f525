import { describe, expect, it } from 'vitest';
import { userFnErrorOf } from '../../test/support/user-fn-error.js';
import { check, Codes, compile, DEFAULT_LIMITS, evaluate } from '../index.js';
import { parse } from '../language/syntax/index.js';
import { EVALUATION_NESTING_CAP } from '../language/syntax/limits-guard.js';

function failure(run: () => unknown): { kind: string; code: string } {
  const e = userFnErrorOf(run);
  return { kind: e.kind, code: e.code };
}

/** A context nested `depth` levels: {"a":{"a":...}}, built without recursion. */
function deep(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

describe('limits', () => {
  it('documents its defaults', () => {
    expect(DEFAULT_LIMITS).toEqual({
      maxSourceLength: 100_000,
      maxDepth: 200,
      maxNodes: 20_000,
      maxStringLength: 1_000_000,
      maxListLength: 100_000,
      maxContextDepth: 1_000,
      maxVisits: 1_000_000,
    });
  });
  it('rejects a source over maxSourceLength', () => {
    expect(failure(() => compile('1 + 1', { profile: 'any', limits: { maxSourceLength: 3 } }))).toEqual({ kind: 'limit', code: Codes.SourceTooLong });
    expect(failure(() => compile(`'${'x'.repeat(10_000_000)}'`, { profile: 'any' }))).toEqual({ kind: 'limit', code: Codes.SourceTooLong });
  });
  it('rejects nesting over maxDepth and ASTs over maxNodes', () => {
    expect(failure(() => compile(`${'('.repeat(300)}1${')'.repeat(300)}`, { profile: 'any' }))).toEqual({ kind: 'limit', code: Codes.NestingTooDeep });
    expect(failure(() => compile(Array(30_000).fill('1').join(', ').replace(/^/, '[').concat(']'), { profile: 'any' }))).toEqual({
      kind: 'limit',
      code: Codes.TooManyNodes,
    });
  });
  it('stops strings over maxStringLength', () => {
    const limits = { maxStringLength: 10 };
    expect(failure(() => evaluate("get('$.s') + get('$.s')", { s: 'abcdef' }, { profile: 'any', limits }))).toEqual({
      kind: 'limit',
      code: Codes.StringTooLong,
    });
    expect(failure(() => evaluate("to_string(get('$.l'))", { l: [1, 2, 3, 4, 5, 6, 7] }, { profile: 'any', limits }))).toEqual({
      kind: 'limit',
      code: Codes.StringTooLong,
    });
  });
  it('stops JSONPath results over maxListLength', () => {
    const ctx = { l: Array.from({ length: 50 }, (_, i) => i) };
    expect(failure(() => evaluate("get('$.l[*]')", ctx, { profile: 'any', limits: { maxListLength: 10 } }))).toEqual({
      kind: 'limit',
      code: Codes.ListTooLong,
    });
  });
  it('stops deep traversals at maxContextDepth, without a stack overflow', () => {
    const ctx = { x: deep(100_000), y: deep(100_000) };
    expect(failure(() => evaluate("get('$.x') == get('$.y')", ctx, { profile: 'any' }))).toEqual({ kind: 'limit', code: Codes.ContextTooDeep });
    expect(failure(() => evaluate("get('$..a')", ctx, { profile: 'any' })).kind).toBe('limit');
    expect(failure(() => evaluate("to_string(get('$.x'))", ctx, { profile: 'any' }))).toEqual({ kind: 'limit', code: Codes.ContextTooDeep });
  });
  it('stops JSONPath queries over maxVisits', () => {
    const ctx = { l: Array.from({ length: 1000 }, () => ({ a: [1, 2, 3] })) };
    expect(failure(() => evaluate("get('$..*')", ctx, { profile: 'any', limits: { maxVisits: 500 } }))).toEqual({ kind: 'limit', code: Codes.WorkLimit });
  });
});

describe('limits a host cannot raise', () => {
  const raised = { profile: 'any', limits: { maxDepth: 1_000_000, maxNodes: 1_000_000 } } as const;
  const nots = (n: number) => `${'not '.repeat(n)}true`;

  it(`check and compile take ${EVALUATION_NESTING_CAP} levels of nesting, whatever maxDepth says; parse takes more`, () => {
    const ok = nots(EVALUATION_NESTING_CAP);
    expect(check(ok, raised).diagnostics).toEqual([]);
    expect(compile(ok, raised).evaluate({})).toBe(true);
    expect(compile(ok, raised).interpret({})).toBe(true);
    const deeper = nots(EVALUATION_NESTING_CAP + 1);
    // the first node too deep: the `true` under EVALUATION_NESTING_CAP + 1 `not`s
    const offset = 4 * (EVALUATION_NESTING_CAP + 1);
    expect(check(deeper, raised).diagnostics.map((d) => `${d.code}@${d.span.start}`)).toEqual([`${Codes.NestingTooDeep}@${offset}`]);
    expect(failure(() => compile(deeper, raised))).toEqual({ kind: 'limit', code: Codes.NestingTooDeep });
    expect(parse(deeper, { limits: raised.limits }).diagnostics).toEqual([]);
    expect(failure(() => compile(deeper, { profile: 'any', limits: { maxDepth: 10_000 } }))).toEqual({ kind: 'limit', code: Codes.NestingTooDeep });
  });

  it('parse_json and json_get refuse JSON text nested deeper than maxContextDepth, before parsing it', () => {
    const limits = { maxContextDepth: 3 };
    const ctx = { ok: '[[[1]]]', deep: '[[[[1]]]]', strings: '[["[[[[", "]]]]\\"[[[["]]', object: '{"a":{"b":{"c":{}}}}' };
    expect(evaluate("parse_json(get('$.ok'))", ctx, { profile: 'any', limits })).toEqual([[[1]]]);
    expect(evaluate("length(parse_json(get('$.strings')))", ctx, { profile: 'any', limits })).toBe(1);
    expect(failure(() => evaluate("parse_json(get('$.deep'))", ctx, { profile: 'any', limits }))).toEqual({ kind: 'limit', code: Codes.ContextTooDeep });
    expect(failure(() => evaluate("json_get(get('$.object'), '$.a')", ctx, { profile: 'any', limits }))).toEqual({ kind: 'limit', code: Codes.ContextTooDeep });
  });

  it('holds upper and lower to maxStringLength', () => {
    const limits = { maxStringLength: 5 };
    expect(evaluate("upper('ßßß')", {}, { profile: 'any', limits: { maxStringLength: 6 } })).toBe('SSSSSS');
    expect(failure(() => evaluate("upper('ßßß')", {}, { profile: 'any', limits }))).toEqual({ kind: 'limit', code: Codes.StringTooLong });
  });
});
