import { describe, expect, it } from 'vitest';
import { T } from '../../common/types/type.js';
import * as agent from './agent.js';
import * as context from './context.js';
import { defineBuiltin, nullAwareOverload, overload, p, type BuiltinDecl } from './define.js';
import * as lists from './lists.js';
import * as logic from './logic.js';
import * as math from './math.js';
import { BUILTINS, tableOf } from './registry.js';
import * as strings from './strings.js';
import * as time from './time.js';

const answer = (name: string, value: number): BuiltinDecl =>
  defineBuiltin({ name, category: 'math', doc: 'A test builtin.', overloads: [overload({ params: [], returns: T.number, impl: () => value })], examples: [] });

describe('the builtin table', () => {
  it('refuses a name declared twice instead of letting the later one win', () => {
    expect(() => tableOf([answer('one', 1), answer('two', 2), answer('one', 3)])).toThrow("builtin 'one' is declared twice");
  });

  it('keeps every declaration under its own name', () => {
    const t = tableOf([answer('one', 1), answer('two', 2)]);
    expect([...t.keys()]).toEqual(['one', 'two']);
  });

  it('lists every declaration the category files export, and nothing else', () => {
    // The one place that looks for declarations among module exports: a guard on the hand-written list.
    const exported = [agent, context, lists, logic, math, strings, time].flatMap((m) =>
      Object.values(m).filter((v) => Object.isFrozen(v) && typeof v === 'object' && v !== null && 'overloads' in v),
    );
    expect(exported.length).toBeGreaterThan(50);
    expect(new Set(BUILTINS.values())).toEqual(new Set(exported));
  });

  it('holds the declarations themselves under their names', () => {
    expect(BUILTINS.get('get')).toBe(context.get);
    expect(BUILTINS.get('sind')).toBe(math.sindBuiltin);
  });
});

describe('declarations', () => {
  it('refuses an eager builtin whose overloads disagree with its nullAware flag', () => {
    const spec = { name: 'x', category: 'math', doc: 'A test builtin.', examples: [] } as const;
    const plain = overload({ params: [p('a', T.number)], returns: T.number, impl: ([a]) => a });
    expect(() => defineBuiltin({ ...spec, nullAware: true, overloads: [plain] })).toThrow('builtin x: a null-aware builtin');
    const receivesNull = nullAwareOverload({ params: [p('a', T.number)], returns: T.number, impl: ([a]) => a ?? 0 });
    expect(() => defineBuiltin({ ...spec, overloads: [receivesNull] })).toThrow('builtin x: nullAwareOverload() needs nullAware: true');
    expect(defineBuiltin({ ...spec, nullAware: true, overloads: [receivesNull] }).name).toBe('x');
  });
});
