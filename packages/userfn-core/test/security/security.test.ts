import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Codes, compile, type CompileOptions, type HostFunctions } from '../../src/index.js';
import { isUserFnValue } from './fuzz.js';
import { BATTERY_DIR, loadBattery, materialize, SCHEMA_FILE, type SecurityCase } from './support/battery.js';
import { diffWorld, HIDDEN_CONTEXT_MEMBER, installCanaries, PAYLOAD_CANARY, snapshotWorld } from './support/canaries.js';
import { attempt, describeAttempt, runEverywhere } from './support/harness.js';
import { deepCopy, deepFreeze, jsonOf, sameValue } from './support/values.js';

/*
 * The security battery (test/security/*.json): every case through the whole
 * public API, with canaries armed. For each case: no code runs, no prototype
 * or global changes, the context is not mutated, and the outcome is a value
 * or a UserFnError (exactly the expected one where the case says so).
 */

const NOW = '2026-11-21T12:00:00Z';
const MIN_CASES = 40;
const battery = loadBattery();
const validCodes = new Set<string>(Object.values(Codes));

/** Everything that went wrong with one case; empty when it held. */
function runCase(c: SecurityCase): string[] {
  const options: CompileOptions = { profile: c.profile ?? 'any', now: NOW, ...(c.limits ? { limits: c.limits } : {}) };
  const context = materialize(c);
  const before = snapshotWorld();
  const canaries = installCanaries();
  let report: ReturnType<typeof runEverywhere>;
  let snapshot: unknown;
  let hits: string[];
  try {
    canaries.guardContext(context);
    deepFreeze(context);
    snapshot = deepCopy(context);
    canaries.arm();
    report = runEverywhere(c.expr, context, options);
  } finally {
    hits = canaries.remove();
  }
  const failures = [...report.problems, ...hits.map((h) => `code ran: ${h}`), ...diffWorld(before, snapshotWorld()).map((d) => `the world changed: ${d}`)];
  if (!sameValue(context, snapshot)) failures.push('the context was mutated');

  const { outcome } = report;
  const want = c.expect;
  if (want && 'value' in want) {
    if (!('value' in outcome) || !sameValue(jsonOf(outcome.value), want.value))
      failures.push(`expected the value ${JSON.stringify(want.value)}, got ${describeAttempt(outcome)}`);
  } else if (want && 'error' in want) {
    const ok = 'error' in outcome && outcome.error.kind === want.error.kind && (want.error.code === undefined || outcome.error.code === want.error.code);
    if (!ok) failures.push(`expected a ${want.error.kind} error${want.error.code ? ` ${want.error.code}` : ''}, got ${describeAttempt(outcome)}`);
  }
  return failures;
}

describe('the security battery as data', () => {
  it('has only valid files, matching case.schema.json', () => {
    expect(battery.problems).toEqual([]);
  });

  it(`has at least ${MIN_CASES} cases, with unique names and known codes`, () => {
    const cases = battery.files.flatMap((f) => f.cases);
    expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES);
    const names = cases.map((c) => c.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const codes = cases.flatMap((c) => (c.expect && 'error' in c.expect && c.expect.error.code ? [c.expect.error.code] : []));
    expect(codes.filter((code) => !validCodes.has(code))).toEqual([]);
  });

  it('lists every source in the README', () => {
    const readme = readFileSync(`${BATTERY_DIR}README.md`, 'utf8');
    for (const f of battery.files) {
      expect(readme, f.file).toContain(f.file);
      expect(readme, f.file).toContain(f.source);
    }
  });
});

for (const f of battery.files) {
  describe(`${f.file}: ${f.source}`, () => {
    it.each(f.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      expect(runCase(c)).toEqual([]);
    });
  });
}

describe('beyond JSON: what a host may put in the process or the context', () => {
  it('never runs a getter put on Object.prototype after an expression was compiled', () => {
    // Prototype pollution elsewhere in the host (after compile) must not make an evaluation call into it.
    const compiled = ["get('$.polluted')", "get('$.a.polluted')", "get('$.a.b.c.d.polluted')", "has('$.a.polluted')", "get('$.a[?@.polluted]')"].map((s) =>
      compile(s, { profile: 'any' }),
    );
    const context = deepFreeze({ a: { b: { c: { d: {} } } } });
    const canaries = installCanaries();
    const outcomes: string[] = [];
    let hits: string[];
    try {
      canaries.arm();
      for (const c of compiled) outcomes.push(describeAttempt(attempt(() => c.evaluate(context))), describeAttempt(attempt(() => c.interpret(context))));
    } finally {
      hits = canaries.remove();
    }
    expect(outcomes).toEqual([
      'value null',
      'value null',
      'value null',
      'value null',
      'value null',
      'value null',
      'value false',
      'value false',
      'value []',
      'value []',
    ]);
    expect(hits).toEqual([]);
  });

  it('never calls a method of a context value (toJSON, toString, valueOf, Symbol.toPrimitive)', () => {
    const calls: string[] = [];
    const tricky = (): Record<string | symbol, unknown> => ({
      b: 1,
      toJSON: () => {
        calls.push('toJSON');
        return 'J';
      },
      toString: () => {
        calls.push('toString');
        return 'S';
      },
      valueOf: () => {
        calls.push('valueOf');
        return 7;
      },
      [Symbol.toPrimitive]: () => {
        calls.push('toPrimitive');
        return 9;
      },
    });
    const context = { a: tricky(), l: [tricky()] };
    const failures: string[] = [];
    for (const source of [
      "to_string(get('$.a'))",
      "to_string(get('$.l'))",
      "to_string(get('$'))",
      "get('$.a') == get('$.l[0]')",
      "length(get('$.a'))",
      "get('$.a') + ''",
      "'S' in get('$.a')",
      "get('$..b')",
      "json_get(get('$.a'), '$.b')",
    ]) {
      calls.length = 0;
      const report = runEverywhere(source, context, { profile: 'any' });
      if (calls.length > 0 || report.problems.length > 0) failures.push(`${source}: called ${calls.join(', ') || 'nothing'}; ${report.problems.join('; ')}`);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
    ['a bigint', 10n],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['undefined', undefined],
  ] as const)('treats %s in a context as null, in both evaluators, and never returns it', (_name, leaf) => {
    const context = { n: leaf, a: { b: leaf }, l: [leaf] };
    const failures: string[] = [];
    for (const source of [
      "get('$.n')",
      "get('$.a.b')",
      "get('$.n') + 1",
      "get('$.n') == get('$.n')",
      "get('$.n') ? 1 : 2",
      "to_string(get('$.n'))",
      "to_string(get('$.a'))",
      "to_string(get('$.l'))",
      "get('$.n') == null",
      "length(get('$.l'))",
    ]) {
      const report = runEverywhere(source, context, { profile: 'any' });
      const leaked = 'value' in report.outcome && !isUserFnValue(report.outcome.value);
      if (leaked || report.problems.length > 0)
        failures.push(`${source}: ${[leaked ? `returned ${describeAttempt(report.outcome)}` : '', ...report.problems].filter(Boolean).join('; ')}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the harness can fail', () => {
  // Each check above is only worth something if it notices a real escape: simulate one of each.
  it('notices a payload that runs, an inherited read and a coerced context value', () => {
    const canaries = installCanaries();
    const context = { a: {} };
    try {
      canaries.guardContext(context);
      canaries.arm();
      const f = ({} as { constructor: { constructor: (code: string) => () => void } }).constructor.constructor(`${PAYLOAD_CANARY}()`);
      f();
      void (context.a as Record<string, unknown>).polluted;
      void `${String(context.a)}`;
      void (context as Record<string, unknown>)[HIDDEN_CONTEXT_MEMBER];
      (globalThis as unknown as Record<string, () => void>)[PAYLOAD_CANARY]!();
    } finally {
      const hits = canaries.remove();
      expect(hits.length).toBe(6);
    }
  });

  it('notices a case file that is not valid JSON or does not match the schema', () => {
    const dir = mkdtempSync(join(tmpdir(), 'userfn-battery-'));
    try {
      copyFileSync(`${BATTERY_DIR}${SCHEMA_FILE}`, join(dir, SCHEMA_FILE));
      writeFileSync(join(dir, 'broken.json'), '{"source": "x", "cases": [');
      writeFileSync(
        join(dir, 'wrong.json'),
        JSON.stringify({ $schema: './case.schema.json', source: 's', about: 'a', references: ['r'], cases: [{ name: 'n', expr: '1' }] }),
      );
      const { files, problems } = loadBattery(`${dir}/`);
      expect(files).toEqual([]);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^broken\.json: invalid JSON/);
      expect(problems[1]).toBe('wrong.json: $.cases[0]: missing "attack"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('notices a changed prototype and a new global', () => {
    const before = snapshotWorld();
    const key = `userfnProbe${Date.now()}`;
    Object.defineProperty(Array.prototype, key, { value: 1, configurable: true });
    (globalThis as Record<string, unknown>)[key] = 1;
    const diff = diffWorld(before, snapshotWorld());
    delete (Array.prototype as unknown as Record<string, unknown>)[key];
    delete (globalThis as Record<string, unknown>)[key];
    expect(diff).toEqual([`added globalThis.${key}`, `added Array.prototype.${key}`]);
    expect(diffWorld(before, snapshotWorld())).toEqual([]);
  });

  it('notices a mutated context, and a frozen context refuses writes', () => {
    const context = JSON.parse('{"__proto__": {"x": [1]}}') as Record<string, { x: number[] }>;
    const snapshot = deepCopy(context);
    expect(sameValue(context, snapshot)).toBe(true);
    context.__proto__!.x.push(2);
    expect(sameValue(context, snapshot)).toBe(false);
    deepFreeze(context);
    expect(() => context.__proto__!.x.push(3)).toThrow(TypeError);
  });

  it('notices a disagreement and a non-UserFnError throw', () => {
    // A host function that gives a different value on every call makes the evaluators disagree.
    let calls = 0;
    const functions: HostFunctions = { flip: { signatures: [{ params: [], returns: 'number' }], impl: () => calls++ } };
    const report = runEverywhere('flip()', {}, { profile: 'any', functions });
    expect(report.problems.some((p) => p.includes('but Compiled.interpret'))).toBe(true);
    expect(describeAttempt(attempt(() => JSON.parse('{')))).toMatch(/^threw SyntaxError/);
  });
});
