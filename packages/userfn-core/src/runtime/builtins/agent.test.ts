import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compile, UserFnError } from '../../index.js';

// `called('<literal>')` has a closure of its own (no argument list, no overload
// choice); these hold it to the reference interpreter and to the generic call
// (`called(get('$.n'))`, the same builtin through invoke) on every shape of
// tool source, the error's span included.
const contexts: Record<string, unknown> = {
  'calls, the name among them': { tool_calls: [{ name: 'search' }, { name: 'lookup_account' }] },
  'calls, not among them': { tool_calls: [{ name: 'search' }] },
  'calls, empty (tools ignored)': { tool_calls: [], tools: { lookup_account: {} } },
  'calls with nameless and odd items': { tool_calls: [null, 3, { name: 7 }, {}, { name: 'lookup_account' }] },
  'a hole in the calls': { tool_calls: [, { name: 'lookup_account' }] },
  'calls null, tools read': { tool_calls: null, tools: { lookup_account: { outputs: { latest: '{}' } } } },
  'tools only': { tools: { lookup_account: {} } },
  'tools without it': { tools: { search: {} } },
  'a name inherited, not own': { tools: Object.create({ lookup_account: {} }) },
  'a call named __proto__': { tool_calls: [{ name: '__proto__' }] },
  neither: { output: {} },
  'not an object': ['lookup_account'],
};

describe('called with a literal name', () => {
  for (const [what, ctx] of Object.entries(contexts)) {
    it(`agrees with the interpreter and the generic call: ${what}`, () => {
      const literal = compile("called('lookup_account')", { profile: 'verification' });
      const generic = compile("called(get('$.n'))", { profile: 'verification' });
      const value = literal.evaluate(ctx);
      expect(value).toBe(literal.interpret(ctx));
      const withName = ctx !== null && typeof ctx === 'object' && !Array.isArray(ctx) ? { ...ctx, n: 'lookup_account' } : ctx;
      if (withName !== ctx) expect(generic.evaluate(withName)).toBe(value);
    });
  }

  it('says true and false where it should', () => {
    const c = compile("called('lookup_account')", { profile: 'verification' });
    expect(c.evaluate(contexts['calls, the name among them'])).toBe(true);
    expect(c.evaluate(contexts['calls, not among them'])).toBe(false);
    expect(c.evaluate(contexts['calls with nameless and odd items'])).toBe(true);
    expect(c.evaluate(contexts['tools only'])).toBe(true);
    expect(c.evaluate(contexts['a name inherited, not own'])).toBe(false);
    expect(compile("called('__proto__')", { profile: 'verification' }).evaluate(contexts['a call named __proto__'])).toBe(true);
    expect(compile("called('__proto__')", { profile: 'verification' }).evaluate(contexts['tools only'])).toBe(false);
  });

  it('reads $.tools only when it is a record: a plain, null-prototype or other-realm object, never a list or a class instance', () => {
    const c = compile("called('lookup_account')", { profile: 'verification' });
    const nullProto = Object.assign(Object.create(null) as object, { lookup_account: {} });
    const foreign = runInNewContext('({ lookup_account: {} })') as object;
    for (const tools of [{ lookup_account: {} }, nullProto, foreign]) expect(c.evaluate({ tools })).toBe(true);
    class Tools {
      lookup_account = {};
    }
    const keyed = Object.assign([], { lookup_account: {} });
    for (const tools of [new Tools(), keyed, new Map([['lookup_account', {}]]), 'lookup_account', 1, null]) {
      expect([tools, c.evaluate({ tools })]).toEqual([tools, false]);
      expect(c.interpret({ tools })).toBe(false);
    }
    // An index is an own member of a string or a list, never an entry of $.tools.
    const index = compile("called('0')", { profile: 'verification' });
    for (const tools of ['abc', ['x'], new String('abc')]) {
      expect([tools, index.evaluate({ tools })]).toEqual([tools, false]);
      expect(index.interpret({ tools })).toBe(false);
    }
    expect(index.evaluate({ tools: { 0: {} } })).toBe(true);
  });

  it('reads $.tool_calls and $.tools once an evaluation, as get() reads a member (a getter runs once)', () => {
    const reads: string[] = [];
    const ctx = {
      get tool_calls() {
        reads.push('tool_calls');
        // a getter that changes its answer: read twice, the second read would decide
        return reads.length === 1 ? [{ name: 'lookup_account' }] : undefined;
      },
      get tools() {
        reads.push('tools');
        return {};
      },
    };
    const c = compile("called('lookup_account')", { profile: 'verification' });
    expect(c.evaluate(ctx)).toBe(true);
    expect(reads).toEqual(['tool_calls']);
    reads.length = 0;
    expect(c.interpret(ctx)).toBe(true);
    expect(reads).toEqual(['tool_calls']);
    const without = {
      get tools() {
        reads.push('tools');
        return { lookup_account: {} };
      },
    };
    reads.length = 0;
    expect(c.evaluate(without)).toBe(true);
    expect(reads).toEqual(['tools']);
  });

  it('reports a $.tool_calls that is not a list at the call, as the interpreter does', () => {
    const c = compile("get('$.x') == 1 or called('lookup_account')", { profile: 'verification' });
    const ctx = { tool_calls: { name: 'lookup_account' } };
    const thrown = (f: () => unknown): UserFnError => {
      try {
        f();
      } catch (e) {
        return e as UserFnError;
      }
      throw new Error('did not throw');
    };
    const compiled = thrown(() => c.evaluate(ctx));
    const interpreted = thrown(() => c.interpret(ctx));
    expect(compiled).toBeInstanceOf(UserFnError);
    expect(compiled.message).toContain('$.tool_calls must be a list of calls, got object');
    expect(compiled.code).toBe(interpreted.code);
    expect(compiled.span).toEqual(interpreted.span);
    expect(compiled.span).toMatchObject({ start: 19, end: 43 });
  });
});

describe('call_count and called_in_order read the calls where they are', () => {
  const ctx = { tool_calls: [{ name: 'search' }, { name: 'lookup_account' }, {}, { name: 'search' }, { name: 'issue_refund' }] };
  it('counts and orders as before', () => {
    expect(compile("call_count('search') == 2", { profile: 'verification' }).evaluate(ctx)).toBe(true);
    expect(compile("call_count('close') == 0", { profile: 'verification' }).evaluate(ctx)).toBe(true);
    expect(compile("called_in_order(['lookup_account', 'issue_refund'])", { profile: 'verification' }).evaluate(ctx)).toBe(true);
    expect(compile("called_in_order(['issue_refund', 'lookup_account'])", { profile: 'verification' }).evaluate(ctx)).toBe(false);
    expect(compile("called_in_order(['search', 'search'])", { profile: 'verification' }).evaluate(ctx)).toBe(true);
  });
});

describe('the name of a call', () => {
  // What counts as a call named 'x': an own `name` of a plain object (any realm, or no prototype), read
  // through no prototype. Each entry is alone in the list, and compiled and interpreted agree.
  class Call {
    name = 'x';
  }
  const entries: [string, unknown, boolean][] = [
    ['a plain object', { name: 'x' }, true],
    ['an object without a prototype', Object.assign(Object.create(null), { name: 'x' }), true],
    ["another realm's object", runInNewContext("({ name: 'x' })"), true],
    ['a getter of its own', Object.defineProperty({}, 'name', { get: () => 'x', enumerable: true }), true],
    ['an inherited name', Object.create({ name: 'x' }), false],
    ['a class instance', new Call(), false],
    ['a list', Object.assign(['x'], { name: 'x' }), false],
    ['a function', Object.assign(() => 0, { displayName: 'x' }), false],
    ['a name that is not a string', { name: ['x'] }, false],
    ['no name', { tool: 'x' }, false],
    ['the name itself', 'x', false],
    ['null', null, false],
  ];
  it.each(entries)('%s', (_what, entry, named) => {
    const c = compile("called('x')", { profile: 'verification' });
    const ctx = { tool_calls: [entry] };
    expect(c.evaluate(ctx)).toBe(named);
    expect(c.interpret(ctx)).toBe(named);
    expect(compile(`call_count('x') == ${named ? 2 : 0}`, { profile: 'verification' }).evaluate({ tool_calls: [entry, entry] })).toBe(true);
  });

  it('is never read through a prototype, polluted or not', () => {
    const c = compile("called('x')", { profile: 'verification' });
    const proto = Object.prototype as Record<string, unknown>;
    proto.name = 'x';
    try {
      expect(c.evaluate({ tool_calls: [{}] })).toBe(false);
      expect(c.evaluate({ tool_calls: [{ name: 'x' }] })).toBe(true);
    } finally {
      delete proto.name;
    }
  });
});

describe('the calls of a context', () => {
  it('are read as get() reads $.tool_calls and $.tools: own members of a plain object, never through a prototype', () => {
    const called = compile("called('x')", { profile: 'verification' });
    const read = compile("get('$.tools') != null or get('$.tool_calls') != null", { profile: 'verification' });
    class Session {
      tool_calls = [{ name: 'x' }];
      tools = { x: {} };
    }
    // a class instance is a leaf for both
    expect(called.evaluate(new Session())).toBe(false);
    expect(read.evaluate(new Session())).toBe(false);
    // no prototype, or another realm's: read
    const bare = Object.assign(Object.create(null), { tools: { x: {} } });
    expect(called.evaluate(bare)).toBe(true);
    expect(read.evaluate(bare)).toBe(true);
    expect(called.evaluate(runInNewContext("({ tool_calls: [{ name: 'x' }] })"))).toBe(true);
    // inherited members are not the context's
    expect(called.evaluate(Object.create({ tools: { x: {} } }))).toBe(false);
    const proto = Object.prototype as Record<string, unknown>;
    proto.tools = { x: {} };
    try {
      expect(called.evaluate({})).toBe(false);
      expect(called.interpret({})).toBe(false);
    } finally {
      delete proto.tools;
    }
    // a present null $.tool_calls falls back to $.tools, as before
    expect(called.evaluate({ tool_calls: null, tools: { x: {} } })).toBe(true);
  });
});
