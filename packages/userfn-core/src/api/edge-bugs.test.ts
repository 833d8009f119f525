/**
 * Two bugs found at the API's edge (issue 15): a cached compile that ignored
 * its default clock, and a checker bug reported as the user's bad option.
 */
import { describe, expect, it, vi } from 'vitest';
import { userFnErrorOf } from '../../test/support/user-fn-error.js';
import { check, Codes, compile, compileCached } from '../index.js';

// A checker that fails on one marked source, as a bug in it would; every other source checks as usual.
vi.mock('../language/checker/checker.js', async (original) => {
  const real = await original<typeof import('../language/checker/checker.js')>();
  return {
    ...real,
    checkAst: (...args: Parameters<typeof real.checkAst>) => {
      if (args[1].source.includes('checker_bug')) throw new TypeError("Cannot read properties of undefined (reading 'kind')");
      return real.checkAst(...args);
    },
  };
});

const thrown = userFnErrorOf;

describe('compileCached keys by the default clock too', () => {
  it('a compile with another `now` is another compiled expression', () => {
    const at = (now: string) => compileCached('year(now())', { profile: 'any', now }).evaluate({}) as number;
    expect(at('2020-06-01T00:00:00Z')).toBe(2020);
    expect(at('2030-06-01T00:00:00Z')).toBe(2030);
    expect(at('2020-06-01T00:00:00Z')).toBe(2020);
  });

  it('the same instant, written as a Date or as text, is one cache entry', () => {
    const a = compileCached('year(now()) + 0', { profile: 'any', now: '2021-01-01T00:00:00Z' });
    expect(compileCached('year(now()) + 0', { profile: 'any', now: new Date('2021-01-01T00:00:00Z') })).toBe(a);
  });

  it('a bad clock is still the option error compile() gives', () => {
    expect(thrown(() => compileCached('true', { now: 'soon' })).code).toBe(Codes.InvalidArgument);
  });
});

describe('an error inside the checker is an internal error, not an invalid argument', () => {
  it('compile() throws it as an internal error', () => {
    const e = thrown(() => compile("get('$.checker_bug') == 1"));
    expect(e.code).toBe(Codes.Internal);
    expect(e.message).toContain('internal error');
  });

  it('check() reports it as an internal error diagnostic', () => {
    expect(check("get('$.checker_bug') == 1").diagnostics.map((d) => d.code)).toEqual([Codes.Internal]);
  });

  it('malformed options stay invalid-argument diagnostics', () => {
    expect(thrown(() => compile('1', { profile: 'nope' as never })).code).toBe(Codes.InvalidArgument);
    expect(thrown(() => compile('1', { functions: { 'bad name': { impl: () => 1 } } })).code).toBe(Codes.InvalidArgument);
    // A host declaration that is not even shaped like one (signatures not a list) is the host's mistake too.
    expect(thrown(() => compile('f()', { functions: { f: { impl: () => 1, signatures: 'number' as never } } })).code).toBe(Codes.InvalidArgument);
    expect(check('1', { contextSchema: [] as never }).diagnostics.map((d) => d.code)).toEqual([Codes.InvalidArgument]);
  });
});
