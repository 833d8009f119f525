import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Datetime, Duration } from '../../common/values/time-values.js';
import type { Value } from '../../common/values/values.js';
import { T } from '../../common/types/type.js';
import { Runtime } from '../core/runtime.js';
import { DEFAULT_LIMITS } from '../../common/limits.js';
import { nullAwareOverload, overload, p, type ArgsOf, type Param } from './define.js';

// The types are the test here: `npm run typecheck` checks this file, so an
// implementation typed from anything but its parameters fails the build.
describe('implementations are typed from their declared parameters', () => {
  it('gives each parameter the run-time type of its declared type', () => {
    type Args = ArgsOf<
      [Param<typeof T.number>, Param<typeof T.string>, Param<typeof T.datetime>, Param<typeof T.duration>, Param<typeof T.boolean>],
      never,
      never
    >;
    expectTypeOf<Args>().toEqualTypeOf<readonly [number, string, Datetime, Duration, boolean]>();
    type Lists = ArgsOf<[Param<ReturnType<typeof T.list>>, Param<typeof T.object>, Param<typeof T.dyn>], never, never>;
    expectTypeOf<Lists>().toEqualTypeOf<readonly [readonly Value[], { readonly [key: string]: Value }, Value]>();
  });

  it('adds null to the arguments of a null-aware overload only', () => {
    expectTypeOf<ArgsOf<[Param<typeof T.number>], never, null>>().toEqualTypeOf<readonly [number | null]>();
  });

  it('types a variadic tail', () => {
    expectTypeOf<ArgsOf<[Param<typeof T.string>], typeof T.number, never>>().toEqualTypeOf<readonly [string, ...number[]]>();
  });

  it('checks what an implementation returns against the declared result', () => {
    // @ts-expect-error a number overload cannot give a string
    overload({ params: [p('x', T.number)], returns: T.number, impl: ([x]) => String(x) });
    // @ts-expect-error a string parameter is not a number
    overload({ params: [p('s', T.string)], returns: T.number, impl: ([s]) => s * 2 });
    expect(true).toBe(true);
  });

  it('erases to one implementation over values, called as declared', () => {
    const rt = new Runtime({}, DEFAULT_LIMITS, undefined);
    const twice = overload({ params: [p('x', T.number)], rest: p('more', T.number), returns: T.number, impl: (xs) => xs.reduce((a, b) => a + b, 0) * 2 });
    expect(twice.impl([1, 2, 3], rt)).toBe(12);
    const orZero = nullAwareOverload({ params: [p('x', T.number)], returns: T.number, impl: ([x]) => x ?? 0 });
    expect(orZero.impl([null], rt)).toBe(0);
  });
});

describe('the shape of declarations and overloads', () => {
  it('gives every builtin and host function, and every overload, one key list', async () => {
    const { functionTable } = await import('./host.js');
    const table = functionTable({
      twice: { signatures: [{ params: ['number'], returns: 'number' }], impl: (x: unknown) => (x as number) * 2 },
      anything: { nullAware: true, impl: () => null },
    });
    const decls = new Set<string>();
    const overloads = new Set<string>();
    for (const decl of table.values()) {
      decls.add(Object.keys(decl).join(','));
      for (const o of decl.overloads) overloads.add(Object.keys(o).join(','));
    }
    expect(table.size).toBeGreaterThan(50);
    expect([...decls]).toEqual(['name,category,doc,overloads,examples,profiles,nullAware,lazy,check,compile,contextReader']);
    expect([...overloads]).toEqual(['params,rest,returns,impl']);
  });
});
