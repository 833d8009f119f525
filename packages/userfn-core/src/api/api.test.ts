import { describe, expect, it, vi } from 'vitest';
import { userFnErrorOf } from '../../test/support/user-fn-error.js';
import { check, Codes, compile, compileCached, Datetime, type Duration, evaluate, type ExplainNode, parse } from '../index.js';

const error = userFnErrorOf;

describe('parse and check never throw', () => {
  it('parse reports every syntax error', () => {
    const r = parse('1 + , 2 = 3');
    expect(r.diagnostics.length).toBeGreaterThanOrEqual(2);
    expect(r.diagnostics.every((d) => d.phase === 'syntax')).toBe(true);
  });
  it('check gives the static type and diagnostics', () => {
    expect(check("get('$.output.confidence') >= 0.8").type).toBe('boolean');
    expect(check('1 + 2', { profile: 'any' }).type).toBe('number');
    const r = check("lenght('abc') > 1");
    expect(r.diagnostics.map((d) => [d.code, d.span.start, d.span.end])).toEqual([[Codes.UnknownFunction, 0, 6]]);
    expect(r.diagnostics[0]!.message).toContain("did you mean 'length'?");
  });
});

describe('compile', () => {
  it('throws one UserFnError carrying every diagnostic', () => {
    const e = error(() => compile("lenght('a') + upper(1)", { profile: 'any' }));
    expect(e.kind).toBe('type');
    expect(e.code).toBe(Codes.UnknownFunction);
    expect(e.hint).toBe('did you mean length?');
    expect(e.diagnostics.map((d) => d.code)).toEqual([Codes.UnknownFunction, Codes.TypeMismatch]);
    expect(e.span).toEqual({ start: 0, end: 6, line: 1, column: 1 });
  });
  it('keeps warnings on the compiled expression', () => {
    const c = compile('true + 1', { profile: 'any' });
    expect(c.diagnostics.map((d) => d.code)).toEqual([Codes.BooleanArithmetic]);
    expect(c.evaluate({})).toBe(2);
  });
  it('checks the result type for the profile statically and at run time', () => {
    expect(error(() => compile('1 + 2')).code).toBe(Codes.WrongResultType);
    const c = compile("get('$.x')");
    expect(c.evaluate({ x: true })).toBe(true);
    expect(c.evaluate({})).toBe(null);
    const e = error(() => c.evaluate({ x: 5 }));
    expect([e.kind, e.code]).toEqual(['runtime', Codes.RuntimeWrongResultType]);
  });
  it('locates runtime errors with line and column', () => {
    const e = error(() => evaluate("1 +\n  get('$.a') / 0", { a: 3 }, { profile: 'any' }));
    expect([e.code, e.span.start, e.span.end, e.span.line, e.span.column]).toEqual([Codes.DivisionByZero, 6, 20, 2, 3]);
  });
  it('rejects unknown profiles and bad clocks with a UserFnError', () => {
    expect(error(() => compile('true', { profile: 'nope' as never })).message).toContain("unknown profile 'nope'");
    expect(error(() => compile('now()', { profile: 'any', now: 'yesterday' })).message).toContain('now option');
  });
  it('check() reports malformed options as an error diagnostic instead of throwing', () => {
    const r = check("get('$.a') > 1", { profile: 'nope' as never });
    expect(r.type).toBe('error');
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([[Codes.InvalidArgument, 'error']]);
    expect(r.diagnostics[0]!.message).toContain("unknown profile 'nope'");
    expect(r.references.paths.map((p) => p.path)).toEqual(['$.a']);
  });
});

describe('evaluate', () => {
  it('caches compilation by source and options', () => {
    expect(compileCached('1 + 1', { profile: 'any' })).toBe(compileCached('1 + 1', { profile: 'any' }));
    expect(compileCached('1 + 1', { profile: 'any' })).not.toBe(compileCached('1 + 1', { profile: 'reranker' }));
  });
  it('fixes the clock per evaluation', () => {
    const v = evaluate('now()', {}, { profile: 'any', now: '2026-01-02T03:04:05Z' });
    expect(v).toBeInstanceOf(Datetime);
    expect((v as Datetime).toJSON()).toBe('2026-01-02T03:04:05Z');
    const d = evaluate("now() - iso_datetime_parse('2026-01-01')", {}, { profile: 'any', now: new Date('2026-01-02T00:00:00Z') });
    expect((d as Duration).toJSON()).toBe('P1D');
  });
  it('one evaluation sees one instant', () => {
    expect(evaluate('now() == now()', {}, { profile: 'any' })).toBe(true);
  });
  it('never mutates the context', () => {
    const ctx = Object.freeze({ a: Object.freeze([3, 1, 2]), o: Object.freeze({ k: 1 }) });
    expect(evaluate("sum(get('$.a')) + length(get('$.o'))", ctx, { profile: 'any' })).toBe(7);
  });
  it('a host function may evaluate the same expression again: each evaluation keeps its own context and instant', () => {
    let inner: Array<unknown> = [];
    const functions = {
      again: {
        signatures: [{ params: [], returns: 'any' }],
        impl: () => {
          // re-entered while the outer evaluation runs: its own context, and with its own clock
          inner = [c.evaluate({ a: 2, depth: 1 }), c.evaluate({ a: 3, depth: 1 }, { now: '2030-01-01T00:00:00Z' })];
          return 0;
        },
      },
    };
    const c = compile("if (get('$.depth') == 0) [get('$.a'), again(), get('$.a'), now()] else [get('$.a'), now()]", {
      profile: 'any',
      functions,
      now: '2026-01-01T00:00:00Z',
    });
    const outer = c.evaluate({ a: 1, depth: 0 }) as unknown[];
    expect(outer.slice(0, 3)).toEqual([1, 0, 1]);
    expect((outer[3] as Datetime).toJSON()).toBe('2026-01-01T00:00:00Z');
    expect((inner[0] as unknown[])[0]).toBe(2);
    expect(((inner[0] as unknown[])[1] as Datetime).toJSON()).toBe('2026-01-01T00:00:00Z');
    expect((inner[1] as unknown[])[0]).toBe(3);
    expect(((inner[1] as unknown[])[1] as Datetime).toJSON()).toBe('2030-01-01T00:00:00Z');
    // and the reused runtime is free again afterwards
    expect((c.evaluate({ a: 4, depth: 1 }) as unknown[])[0]).toBe(4);
  });
  it('after a runtime error the next evaluation starts clean, and a clock given to one evaluation is not kept', () => {
    const c = compile("get('$.n') / get('$.d') + 0 * hours(now() - iso_datetime_parse('2026-01-01T00:00:00Z'))", { profile: 'any' });
    expect(error(() => c.evaluate({ n: 1, d: 0 })).code).toBe(Codes.DivisionByZero);
    expect(c.evaluate({ n: 6, d: 3 })).toBe(2);
    const hoursOf = compile("hours(now() - iso_datetime_parse('2026-01-01T00:00:00Z'))", { profile: 'any', now: '2026-01-01T05:00:00Z' });
    expect(hoursOf.evaluate({}, { now: '2026-01-01T07:00:00Z' })).toBe(7);
    expect(hoursOf.evaluate({})).toBe(5);
    expect(error(() => hoursOf.evaluate({}, { now: 'not a time' })).message).toContain('now option');
    expect(hoursOf.evaluate({}, { now: '2026-01-01T09:00:00Z' })).toBe(9);
    expect(hoursOf.evaluate({})).toBe(5);
  });
  it('an expression without a fixed clock reads the clock anew in each evaluation', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2026-01-01T01:00:00Z'));
      const c = compile("hours(now() - iso_datetime_parse('2026-01-01T00:00:00Z'))", { profile: 'any' });
      expect(c.evaluate({})).toBe(1);
      vi.setSystemTime(new Date('2026-01-01T03:00:00Z'));
      expect(c.evaluate({})).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
  it('reads only own properties', () => {
    expect(evaluate("get('$.constructor')", {}, { profile: 'any' })).toBe(null);
    expect(evaluate("get('$.a.__proto__')", { a: {} }, { profile: 'any' })).toBe(null);
    expect(evaluate("'toString' in get('$.o')", { o: {} }, { profile: 'any' })).toBe(false);
    expect(evaluate("get('$.__proto__.x')", JSON.parse('{"__proto__": {"x": 1}}'), { profile: 'any' })).toBe(1);
  });
});

describe('context schema', () => {
  const schema = { type: 'object', properties: { score: { type: 'number' }, name: { type: 'string' } } } as const;
  it('types paths and warns on undeclared ones with a did-you-mean', () => {
    const r = check("get('$.scroe') > 1", { profile: 'any', contextSchema: schema });
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.span.start, d.span.end])).toEqual([[Codes.UndeclaredPath, 'warning', 7, 12]]);
    expect(r.diagnostics[0]!.hint).toBe("did you mean 'score'?");
    expect(check("get('$.name') * 2", { profile: 'any', contextSchema: schema }).diagnostics.map((d) => d.code)).toEqual([Codes.TypeMismatch]);
  });
  it('checks declared types against the context at run time', () => {
    const c = compile("get('$.score') + 1", { profile: 'any', contextSchema: schema });
    expect(c.evaluate({ score: 2 })).toBe(3);
    expect(error(() => c.evaluate({ score: '2' })).code).toBe(Codes.RuntimeTypeMismatch);
    expect(error(() => c.interpret({ score: '2' })).code).toBe(Codes.RuntimeTypeMismatch);
  });
});

describe('host functions', () => {
  const functions = {
    risk: { signatures: [{ params: ['string'], returns: 'number' }], doc: 'Risk of a text.', impl: (s: unknown) => (String(s).includes('bad') ? 0.9 : 0.1) },
    boom: {
      impl: () => {
        throw new Error('kaput');
      },
    },
    nan: { signatures: [{ params: [], returns: 'number' }], impl: () => Number.NaN },
  };
  it('are checked and evaluated like builtins', () => {
    expect(evaluate("risk(get('$.t')) < 0.5", { t: 'good' }, { functions })).toBe(true);
    expect(check('risk(1) < 0.5', { functions }).diagnostics.map((d) => d.code)).toEqual([Codes.TypeMismatch]);
    expect(check('rsk(1)', { functions, profile: 'any' }).diagnostics[0]!.message).toContain("did you mean 'risk'?");
  });
  it('turn host failures and bad results into runtime errors at the call', () => {
    const e = error(() => evaluate('boom()', {}, { functions, profile: 'any' }));
    expect([e.code, e.span.start, e.span.end]).toEqual([Codes.HostFunctionFailed, 0, 6]);
    expect(error(() => evaluate('nan()', {}, { functions, profile: 'any' })).code).toBe(Codes.NonFinite);
  });
  it('reject malformed declarations clearly', () => {
    expect(error(() => compile('x()', { functions: { length: { impl: () => 1 } } })).message).toContain('would hide the builtin');
  });
});

describe('references', () => {
  it('lists literal paths and functions', () => {
    const r = check("json_get(get('$.tools.search.outputs.latest'), '$.hits', 0) > 0 and called('x')");
    expect(r.references.paths.map((p) => [p.function, p.path])).toEqual([
      ['get', '$.tools.search.outputs.latest'],
      ['json_get', '$.hits'],
    ]);
    expect(r.references.functions.map((f) => f.name)).toEqual(['json_get', 'get', 'called']);
  });
  it('are on a compiled expression too, with the span of each path literal', () => {
    const source = "has('$.a') or get('$.b[0]') == 1";
    const c = compile(source, { profile: 'any' });
    expect(c.references.paths.map((p) => [p.function, p.path, source.slice(p.span.start, p.span.end)])).toEqual([
      ['has', '$.a', "'$.a'"],
      ['get', '$.b[0]', "'$.b[0]'"],
    ]);
    expect(c.references.functions.map((f) => f.name)).toEqual(['has', 'get']);
  });
});

describe('an argument of the wrong type', () => {
  const only = (source: string) => {
    const ds = check(source, { profile: source.startsWith('called') ? 'verification' : 'any' }).diagnostics;
    expect(ds.map((d) => d.code)).toEqual([Codes.TypeMismatch]);
    return ds[0]!;
  };
  it('gets a hint that converts what was given into what is wanted, never the other way round', () => {
    expect(only('called(1)')).toMatchObject({ message: "argument 'name' of called must be string, got number", hint: 'convert with to_string(x)' });
    expect(only("round('1.5')").hint).toBe('convert with to_number(s)');
    expect(only("year('2026-11-21')").hint).toBe('parse the string with iso_datetime_parse(s)');
  });
  it('gets no hint where no conversion helps', () => {
    expect(only('called(true)').hint).toBeUndefined();
  });
});

describe('explain', () => {
  it('names the failing conjunct with its operand values', () => {
    const c = compile("get('$.output.confidence') >= 0.8 and called('lookup_account')");
    const ex = c.explain({ output: { confidence: 0.42 }, tool_calls: [] });
    expect(ex.value).toBe(false);
    expect(ex.reason).toBe("get('$.output.confidence') >= 0.8 was false: get('$.output.confidence') = 0.42");
    expect(ex.tree.children[1]!.evaluated).toBe(false);
  });
  it('explains every false disjunct and a runtime error', () => {
    const c = compile("called('a') or get('$.n') > 3");
    expect(c.explain({ tool_calls: [], n: 1 }).reason).toBe("called('a') was false; get('$.n') > 3 was false: get('$.n') = 1");
    // a list written in the source is not repeated as an operand value; a computed one is named
    const m = compile("get('$.s') in ['a', 'b']", { profile: 'any' });
    expect(m.explain({ s: 'c' }).reason).toBe("get('$.s') in ['a', 'b'] was false: get('$.s') = 'c'");
    const e = compile("get('$.n') / 0 > 1").explain({ n: 1 });
    expect(e.error?.code).toBe(Codes.DivisionByZero);
    expect(e.reason).toContain('1:1');
  });
  it('leaves out a literal, which explains nothing (0.95 => 0.95), from the tree and its text, except a literal that is the whole expression', () => {
    const c = compile("get('$.a') >= 0.95 and get('$.b') == '$.a'", { profile: 'any' });
    const ex = c.explain({ a: 1, b: 2 });
    const texts: string[] = [];
    const walk = (n: ExplainNode): void => {
      texts.push(n.text);
      n.children.forEach(walk);
    };
    walk(ex.tree);
    expect(texts).toEqual(["get('$.a') >= 0.95 and get('$.b') == '$.a'", "get('$.a') >= 0.95", "get('$.a')", "get('$.b') == '$.a'", "get('$.b')"]);
    expect(ex.text).not.toMatch(/^\s*(0\.95|'\$\.a') =>/m);
    expect(compile('0.95', { profile: 'any' }).explain({}).text).toBe('0.95 => 0.95');
  });
});
