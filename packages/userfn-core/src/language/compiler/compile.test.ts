import { describe, expect, it } from 'vitest';
import { compile } from '../../api/api.js';
import { UserFnError } from '../../common/diagnostics/user-fn-error.js';
import { DEFAULT_LIMITS } from '../../common/limits.js';
import { T } from '../../common/types/type.js';
import { defineBuiltin, overload, p } from '../../runtime/builtins/define.js';
import { BUILTINS, tableOf } from '../../runtime/builtins/registry.js';
import { Runtime } from '../../runtime/core/runtime.js';
import { compilePath, type CompiledPath } from '../../runtime/jsonpath/index.js';
import { checkAst } from '../checker/checker.js';
import { parse } from '../syntax/index.js';
import { compileChecked } from './compile.js';

/** Runs both evaluators; a value or an error code, which must agree. */
function both(source: string, context: unknown): unknown {
  const c = compile(source, { profile: 'any' });
  const run = (f: () => unknown) => {
    try {
      return { value: f() };
    } catch (e) {
      if (e instanceof UserFnError) return { error: e.code };
      throw e;
    }
  };
  const compiled = run(() => c.evaluate(context));
  expect(compiled, source).toEqual(run(() => c.interpret(context)));
  return compiled;
}

const ctx = { n: 4, z: 0, s: 'indexed', b: true, f: false, nil: null, x: 'str' };

/** The closures that hold a literal operand, flatten and/or chains and skip the boolean wrapper, against the interpreter. */
describe('specialised closures agree with the interpreter', () => {
  const cases: Array<[string, unknown]> = [
    ["get('$.s') == 'indexed'", { value: true }],
    ["'indexed' != get('$.s')", { value: false }],
    ["get('$.nil') == null", { value: true }],
    ["null == get('$.missing')", { value: true }],
    ["get('$.n') == 4", { value: true }],
    ["get('$.n') > 3", { value: true }],
    ["get('$.n') >= 4.5", { value: false }],
    ["get('$.nil') < 1", { value: false }],
    ["get('$.x') < 1", { error: 'UF3001' }],
    ["get('$.n') <= -1", { value: false }],
    ["0.5 * get('$.n')", { value: 2 }],
    ["get('$.n') / 8", { value: 0.5 }],
    ["get('$.n') % 3", { value: 1 }],
    ["10 - get('$.n')", { value: 6 }],
    ["get('$.n') + 0.25", { value: 4.25 }],
    ["1 / get('$.z')", { error: 'UF3002' }],
    ["1 % get('$.z')", { error: 'UF3002' }],
    ["get('$.n') / 0", { error: 'UF3002' }],
    ["get('$.nil') / 0", { value: null }],
    ["2 * get('$.nil')", { value: null }],
    ["get('$.n') * 1e308 * 10", { error: 'UF3003' }],
    ["get('$.b') and get('$.n') > 3 and get('$.s') == 'indexed' and not get('$.f')", { value: true }],
    ["get('$.b') and get('$.f') and get('$.x') > 1", { value: false }], // short-circuits before the type error
    ["get('$.f') or get('$.nil') or get('$.n') == 5 or get('$.s') == 'x'", { value: false }],
    ["get('$.f') or get('$.nil') or get('$.b')", { value: true }],
    ["get('$.f') or get('$.b') or get('$.x') > 1", { value: true }],
    ["(get('$.b') and get('$.f')) or (get('$.b') and get('$.n') == 4)", { value: true }],
    ["get('$.n') and true", { error: 'UF3001' }],
    ["not (get('$.n') > 3) or get('$.nil')", { value: false }],
  ];
  for (const [source, expected] of cases) {
    it(source, () => {
      expect(both(source, ctx)).toEqual(expected);
    });
  }
});

/**
 * `get(p) == k` and `get(p) <op> k` read the context raw in one closure: on
 * values the context gate turns into null (NaN, ±Infinity, functions, class
 * instances, absent members) they must still give what get's own closure
 * gives, and a schema-typed or replaced `get` must not be read raw.
 */
describe('fused literal-path comparisons agree with the interpreter on any context value', () => {
  class Box {
    valueOf() {
      return 5;
    }
  }
  const odd: Record<string, unknown> = {
    nan: Number.NaN,
    inf: Number.POSITIVE_INFINITY,
    ninf: Number.NEGATIVE_INFINITY,
    fn: () => 'indexed',
    box: new Box(),
    negZero: -0,
    str: '5',
    num: 5,
    t: true,
    list: [5],
    obj: { a: 5 },
    undef: undefined,
  };
  const keys = [...Object.keys(odd), 'absent'];
  const comparisons: Array<[string, string]> = [
    ['==', "'indexed'"],
    ['!=', "'indexed'"],
    ['==', '5'],
    ['!=', '5'],
    ['==', '0'],
    ['==', 'true'],
    ['!=', 'false'],
    ['>', '4'],
    ['>=', '5'],
    ['<', '6'],
    ['<=', '-1'],
    ['==', 'null'],
    ['!=', 'null'],
  ];
  const flipped: Record<string, string> = { '==': '==', '!=': '!=', '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
  for (const key of keys) {
    for (const [op, literal] of comparisons) {
      const source = `get('$.${key}') ${op} ${literal}`;
      it(`${source}, and with the literal first`, () => {
        both(source, odd);
        both(`${literal} ${flipped[op]} get('$.${key}')`, odd);
      });
    }
  }

  it('gives the gated answers: NaN and Infinity are null, never numbers', () => {
    expect(both("get('$.nan') > 4", odd)).toEqual(both('null > 4', {}));
    expect(both("get('$.inf') > 4", odd)).toEqual(both('null > 4', {}));
    expect(both("get('$.fn') == 'indexed'", odd)).toEqual({ value: false });
    expect(both("get('$.negZero') == 0", odd)).toEqual({ value: true });
    expect(both("get('$.num') >= 5", odd)).toEqual({ value: true });
  });

  // `x in [literals]` holds the list and reads a literal path raw (compile.ts, case 'in').
  const lists = [
    "['indexed', 'x']",
    '[5, 6]',
    '[0]',
    '[true, false]',
    "['5', 5]",
    '[1, null]',
    "[[5], 'x']",
    '[]',
    "['x', 0, true]",
    "[7, 'indexed', false, 5]",
  ];
  for (const key of keys) {
    it(`get('$.${key}') in a literal list, read raw and through a default`, () => {
      for (const list of lists) {
        both(`get('$.${key}') in ${list}`, odd);
        both(`get('$.${key}', 'indexed') in ${list}`, odd);
      }
    });
  }

  // contains/starts_with/ends_with with a literal second argument test a string in place (strings.ts).
  for (const key of keys) {
    it(`contains, starts_with and ends_with of get('$.${key}') and a literal`, () => {
      for (const f of ['contains', 'starts_with', 'ends_with']) {
        for (const t of ["'5'", "''", "'x'"]) {
          both(`${f}(get('$.${key}'), ${t})`, odd);
          both(`${f}(get('$.${key}', '5'), ${t})`, odd);
        }
      }
    });
  }

  it('contains of a literal: true or false on a string, null on null, the usual error on another type', () => {
    expect(both("contains(get('$.str'), '5')", odd)).toEqual({ value: true });
    expect(both("ends_with(get('$.str'), 'x')", odd)).toEqual({ value: false });
    expect(both("contains(get('$.absent'), '5')", odd)).toEqual({ value: null });
    expect(both("contains(get('$.num'), '5')", odd)).toEqual({ error: 'UF3001' });
    expect(both("contains(get('$.list'), '5')", odd)).toEqual({ error: 'UF3001' });
  });

  it('gives the gated answers for in: NaN, Infinity and functions are in no list, -0 is 0', () => {
    expect(both("get('$.num') in [4, 5]", odd)).toEqual({ value: true });
    expect(both("get('$.str') in [4, 5]", odd)).toEqual({ value: false });
    expect(both("get('$.nan') in [5]", odd)).toEqual({ value: false });
    expect(both("get('$.inf') in [5]", odd)).toEqual({ value: false });
    expect(both("get('$.fn') in ['indexed']", odd)).toEqual({ value: false });
    expect(both("get('$.negZero') in [0]", odd)).toEqual({ value: true });
    expect(both("get('$.negZero') in ['x', 0]", odd)).toEqual({ value: true });
    expect(both("get('$.nan') in ['x', 1, 2]", odd)).toEqual({ value: false });
    expect(both("get('$.absent') in [1, null]", odd)).toEqual({ value: true });
    expect(both("get('$.list') in [[5], 'x']", odd)).toEqual({ value: true });
  });

  it('does not read raw a get whose type a schema declares: the declared type is still checked', () => {
    const schema = { type: 'object', properties: { score: { type: 'number' } } } as const;
    for (const source of ["get('$.score') > 1", "get('$.score') == 2"]) {
      const c = compile(source, { profile: 'any', contextSchema: schema });
      expect(c.evaluate({ score: 2 }), source).toBe(true);
      for (const f of [() => c.evaluate({ score: '2' }), () => c.interpret({ score: '2' })]) {
        expect(f, source).toThrow(UserFnError);
        try {
          f();
        } catch (e) {
          expect((e as UserFnError).code, source).toBe('UF3001');
        }
      }
    }
  });
});

/**
 * The compiler fuses `<call> == literal` into one read of the context for any
 * declaration that says it reads the context (`contextReader`), not for one
 * builtin it names. `peek` reads like `get` when fused, but its own
 * implementation gives 'generic': the result shows which path ran.
 */
describe('a declaration that reads the context', () => {
  const peek = defineBuiltin<CompiledPath>({
    name: 'peek',
    category: 'context',
    doc: 'A test builtin.',
    examples: [],
    overloads: [overload({ params: [p('path', T.string)], returns: T.dyn, impl: () => 'generic' })],
    check(ctx) {
      const text = ctx.literal(0);
      if (text !== undefined) ctx.setData(compilePath(text));
      return undefined;
    },
    contextReader: (path, argCount) => (argCount === 1 && path?.singular ? path.get : undefined),
  });
  const functions = tableOf([...BUILTINS.values(), peek]);
  const run = (source: string, context: unknown) => {
    const checked = checkAst(parse(source).ast!, { source, profile: 'any', schema: undefined, functions });
    return compileChecked(checked, DEFAULT_LIMITS)(new Runtime(context, DEFAULT_LIMITS));
  };

  it('gets its comparisons with a literal fused into a read', () => {
    expect(run("peek('$.a') == 'x'", { a: 'x' })).toBe(true);
    expect(run("peek('$.a') > 1", { a: 2 })).toBe(true);
    expect(run("peek('$.a') != null", { a: 2 })).toBe(true);
  });

  it('is called as itself anywhere else', () => {
    expect(run("peek('$.a')", { a: 'x' })).toBe('generic');
    expect(run("peek('$.a') == peek('$.b')", { a: 'x', b: 'y' })).toBe(true);
  });
});
