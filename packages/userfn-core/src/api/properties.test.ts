import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, compile, evaluate, parse, UserFnError, type Compiled } from '../index.js';
import { contextArb, sourceArb } from '../../test/support/arbitraries.js';

type Outcome = { value: unknown } | { kind: string; code: string };

function outcome(run: () => unknown): Outcome {
  try {
    return { value: JSON.parse(JSON.stringify(run()) ?? 'null') };
  } catch (e) {
    if (e instanceof UserFnError) return { kind: e.kind, code: e.code };
    throw e;
  }
}

const NOW = '2026-11-21T12:00:00Z';

describe('properties', () => {
  it('the compiler and the reference interpreter agree (value, or error kind and code)', () => {
    let compiledSome = 0;
    fc.assert(
      fc.property(sourceArb, contextArb, (source, context) => {
        let compiled: Compiled;
        try {
          compiled = compile(source, { profile: 'any', now: NOW });
        } catch (e) {
          if (!(e instanceof UserFnError)) throw e;
          return; // statically rejected: nothing to compare
        }
        compiledSome++;
        expect(outcome(() => compiled.evaluate(context))).toEqual(outcome(() => compiled.interpret(context)));
      }),
      { seed: 20261121, numRuns: 1500 },
    );
    // The generator is mostly well typed: most sources must compile, or the property says little.
    expect(compiledSome).toBeGreaterThan(1000);
  });

  it('random strings and contexts never make the API throw anything but UserFnError', () => {
    const token = fc.constantFrom(
      'get(',
      "'$.a'",
      ')',
      '(',
      ',',
      '+',
      '-',
      '*',
      '/',
      '%',
      '==',
      '=',
      '<',
      'and',
      'or',
      'not',
      '!',
      'if',
      'then',
      'else',
      '?',
      ':',
      '[',
      ']',
      '1',
      '.5',
      '1e400',
      "'x'",
      '"y"',
      'null',
      'true',
      'in',
      'now()',
      'matches(',
      "'(a'",
      '//c\n',
      '/*',
      '*/',
      ' ',
      'lenght(',
    );
    const sourceish = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(token, { maxLength: 25 }).map((t) => t.join('')),
      sourceArb,
    );
    fc.assert(
      fc.property(
        sourceish,
        fc.jsonValue({ maxDepth: 3 }),
        fc.constantFrom('verification', 'transition', 'reranker', 'any' as const),
        (source, context, profile) => {
          parse(source);
          check(source, { profile });
          try {
            evaluate(source, context, { profile, now: NOW });
          } catch (e) {
            if (!(e instanceof UserFnError)) throw e;
          }
        },
      ),
      { seed: 7, numRuns: 1500 },
    );
  });
});
