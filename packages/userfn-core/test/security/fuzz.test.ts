import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/index.js';
import {
  builtinCallArb,
  builtinContextArb,
  checkerHolds,
  conformanceSeeds,
  diagnosticProblems,
  evaluationArb,
  evaluatorsHold,
  formatterHolds,
  fuzzSettings,
  isUserFnValue,
  limitsArb,
  mutate,
  mutatedSeedArb,
  parserHolds,
  randomSourceArb,
  roughTokens,
  type Seed,
} from './fuzz.js';
import { diffWorld, snapshotWorld } from './support/canaries.js';

/*
 * The fuzzers of fuzz.ts in the test suite: a fixed seed and a few hundred
 * runs per property (a few seconds). `npm run fuzz` runs the same file with
 * vitest --mode fuzz: a fresh seed (or USERFN_FUZZ_SEED) and 50 times the
 * runs (or USERFN_FUZZ_SCALE times).
 */

const settings = fuzzSettings((import.meta as { env?: { MODE?: string } }).env?.MODE);
const seeds = conformanceSeeds();
// A deep run may take minutes; the suite's runs stay within the default timeout.
const timeout = settings.deep ? 0 : undefined;

if (settings.deep)
  console.log(
    `fuzz: seed ${settings.seed}, scale ${settings.scale} (reproduce with USERFN_FUZZ_SEED=${settings.seed} USERFN_FUZZ_SCALE=${settings.scale} npm run fuzz)`,
  );

function run<T>(arb: fc.Arbitrary<T>, body: (t: T) => void, baseRuns: number): void {
  const before = snapshotWorld();
  fc.assert(fc.property(arb, body), { seed: settings.seed, numRuns: Math.max(1, Math.round(baseRuns * settings.scale)) });
  expect(diffWorld(before, snapshotWorld())).toEqual([]);
}

const sourceAndContext: fc.Arbitrary<Seed> = evaluationArb(seeds);

const anySource: fc.Arbitrary<string> = fc.oneof(
  mutatedSeedArb(seeds).map((s) => s.expr),
  randomSourceArb,
);

describe('fuzzing', () => {
  it('has seeds: the conformance expressions', () => {
    expect(seeds.length).toBeGreaterThan(300);
  });

  it('mutates by characters and tokens, keeping what it does not touch', () => {
    expect(roughTokens("get('$.a') + 1e3 // c")).toEqual(['get', '(', "'$.a'", ')', ' ', '+', ' ', '1e3', ' ', '// c']);
    expect(mutate('abc', { kind: 'delete-char', at: 1, pick: 0 })).toBe('ac');
    expect(mutate('a + b', { kind: 'delete-token', at: 2, pick: 0 })).toBe('a  b');
    expect(mutate('a + b', { kind: 'duplicate-token', at: 2, pick: 0 })).toBe('a ++ b');
    expect(mutate('a + b', { kind: 'swap-tokens', at: 0, pick: 4 })).toBe('b + a');
    expect(mutate('abc', { kind: 'truncate', at: 2, pick: 0 })).toBe('ab');
    expect(mutate("1 + 'x'", { kind: 'replace-alike', at: 2, pick: 0 })).toBe("1 + ''");
    expect(mutate('1 + 2', { kind: 'replace-alike', at: 1, pick: 1 })).toBe('1 - 2');
  });

  it('the parser and lexer never throw and report well-formed diagnostics', { timeout }, () => {
    run(anySource, parserHolds, 600);
  });

  it('the checker never throws, in any profile, and agrees with compile', { timeout }, () => {
    run(anySource, checkerHolds, 200);
  });

  it('both evaluators agree through every entry point, run no code and leave the context alone', { timeout }, () => {
    run(fc.tuple(sourceAndContext, limitsArb), ([s, limits]) => evaluatorsHold(s.expr, s.context, s.profile, limits), 400);
  });

  it('every builtin, given anything at run time, gives a value or a UserFnError, the same in both evaluators', { timeout }, () => {
    const profiles = fc.constantFrom('verification' as const, 'any' as const);
    run(fc.tuple(builtinCallArb, builtinContextArb, profiles), ([source, context, profile]) => evaluatorsHold(source, context, profile), 400);
  });

  it('the formatter is idempotent and keeps the meaning', { timeout }, () => {
    run(sourceAndContext, (s) => formatterHolds(s.expr, s.context, s.profile), 300);
  });

  it('the properties can fail', () => {
    // A property that cannot fail proves nothing: each check rejects what it must.
    const bad: Diagnostic = {
      code: 'UF9999' as Diagnostic['code'],
      severity: 'error',
      message: 'internal parser error: x',
      span: { start: 0, end: 99 },
      phase: 'syntax',
    };
    expect(diagnosticProblems('abc', [bad])).toEqual([
      'unknown code UF9999',
      'UF9999 span 0-99 is outside 0-3',
      'UF9999 reports an internal error: internal parser error: x',
    ]);
    expect([NaN, Infinity, [1, -Infinity], { a: () => 1 }, Symbol('s'), 1n].map(isUserFnValue)).toEqual([false, false, false, false, false, false]);
    expect([null, -0, 'x', [1, { a: [true] }]].map(isUserFnValue)).toEqual([true, true, true, true]);
    expect(() => formatterHolds('1 +', {}, 'any')).not.toThrow();
    expect(() => evaluatorsHold('1 / 0', {}, 'any')).not.toThrow();
  });
});
